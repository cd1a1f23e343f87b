/**
 * The deployment files (issue 17): deploy/nginx/*.conf, deploy/systemd/*.service, deploy/tessera.env.example,
 * compose.yaml and the Dockerfile. Each is checked by the tool that reads it where that tool is on this machine (nginx -t,
 * docker compose config, systemd-analyze verify), and always against the application it deploys: the settings it names
 * are read by src/server/config.ts, the paths it names exist in this repository, its limits are not below the app's.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '../../src/server/config.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** The project root the deployment files name (a deployer's placeholder), mapped to this checkout by the checks. */
const DEPLOY_ROOT = '/srv/tessera';
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const inRepo = (deployPath: string) => path.join(root, path.relative(DEPLOY_ROOT, deployPath));

const works = (cmd: string, args: string[]) => {
  try {
    return spawnSync(cmd, args, { stdio: 'ignore', timeout: 20_000 }).status === 0;
  } catch {
    return false;
  }
};
const NGINX = '/usr/sbin/nginx';
const hasNginx = fs.existsSync(NGINX);
const hasOpenssl = works('openssl', ['version']);
const hasCompose = works('docker', ['compose', 'version']);
const hasSystemdAnalyze = works('systemd-analyze', ['--version']);

/** Every environment variable src/server/config.ts reads (`env.NAME`, or a key passed to its readers as 'NAME'). */
const configSettings = new Set([...read('src/server/config.ts').matchAll(/env\.([A-Z][A-Z0-9_]*)|'([A-Z][A-Z0-9_]*)'/g)].map((m) => m[1] ?? m[2]!));
/** Settings other engineers are adding in issue 17: allowed in the env example until config.ts reads them. */
const COMING = ['METRICS_TOKEN', 'WEB_CONCURRENCY', 'DRAIN_SECONDS'];

/** The body of the first `header { … }` block in an nginx config (braces balanced), or null. */
function block(text: string, header: string): string | null {
  const start = text.indexOf(`${header} {`);
  if (start < 0) return null;
  let depth = 0;
  for (let i = text.indexOf('{', start); i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(text.indexOf('{', start) + 1, i);
  }
  return null;
}
/** nginx config text without comments (a `#` inside quotes does not occur in these files). */
const code = (text: string) => text.replace(/#.*$/gm, '');
/** `client_max_body_size` of a block (its own directive, not those of nested blocks), in bytes. */
function bodyLimit(body: string): number {
  const own = body.replace(/\{[^{}]*\}/g, '');
  const m = /client_max_body_size\s+(\d+)([kmg]?);/i.exec(own);
  if (!m) throw new Error('no client_max_body_size');
  return Number(m[1]) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
}

describe('nginx (deploy/nginx/tessera.conf, compose.conf)', () => {
  const conf = code(read('deploy/nginx/tessera.conf'));
  const composeConf = code(read('deploy/nginx/compose.conf'));
  const defaults = getConfig({}, root);
  let work = '';

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-nginx-test-'));
    if (hasOpenssl) {
      const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=shop.example'];
      const made = spawnSync('openssl', [...args, '-keyout', path.join(work, 'key.pem'), '-out', path.join(work, 'cert.pem')], { encoding: 'utf8' });
      if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr}`);
    }
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  /**
   * `nginx -t` of `site` included in a minimal main config, everything under a prefix in a temporary folder (no root
   * paths, no running nginx touched): the project root and the certificate are this checkout's and a throwaway one.
   */
  function nginxTest(name: string, site: string) {
    const dir = fs.mkdtempSync(path.join(work, `${name}-`));
    const substituted = site
      .replaceAll(DEPLOY_ROOT, root)
      .replace(/\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem/g, path.join(work, 'cert.pem'))
      .replace(/\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem/g, path.join(work, 'key.pem'))
      // compose's upstreams are service names, resolved when nginx loads the config: here they are this machine.
      .replace(/\bserver (web\d+):3000/g, 'server 127.0.0.1:3000');
    fs.writeFileSync(path.join(dir, 'site.conf'), substituted);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(dir, t)};`).join('\n');
    const main = [
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')};`,
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  access_log ${path.join(dir, 'access.log')};`,
      temp,
      `  include ${path.join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n');
    fs.writeFileSync(path.join(dir, 'nginx.conf'), main);
    const result = spawnSync(NGINX, ['-t', '-q', '-c', path.join(dir, 'nginx.conf'), '-p', `${dir}/`, '-e', path.join(dir, 'error.log')], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  }
  /** nginx's errors in its output (`-q` leaves only problems; warnings, e.g. a newer nginx's deprecations, pass). */
  const problems = (output: string) => output.split('\n').filter((l) => /\[(emerg|alert|crit|error)\]/.test(l));

  const noNginx = !hasNginx ? `nginx is not installed at ${NGINX} (apt-get install nginx)` : !hasOpenssl ? 'openssl is missing (the test certificate)' : '';
  it.skipIf(noNginx)(`tessera.conf passes nginx -t ${noNginx ? `(skipped: ${noNginx})` : ''}`, () => {
    const { status, output } = nginxTest('tessera', read('deploy/nginx/tessera.conf'));
    expect(problems(output)).toEqual([]);
    expect(status).toBe(0);
  });

  it.skipIf(noNginx)(`compose.conf passes nginx -t ${noNginx ? `(skipped: ${noNginx})` : ''}`, () => {
    const { status, output } = nginxTest('compose', read('deploy/nginx/compose.conf'));
    expect(problems(output)).toEqual([]);
    expect(status).toBe(0);
  });

  it.skipIf(noNginx)('the nginx -t harness reads the file: a copy without its map is refused', () => {
    const broken = read('deploy/nginx/tessera.conf').replace(/map \$http_upgrade[^}]*\}/, '');
    const { status, output } = nginxTest('broken', broken);
    expect(status).not.toBe(0);
    expect(output).toMatch(/unknown "tessera_connection_upgrade" variable/);
  });

  for (const [name, text, servers] of [
    ['tessera.conf', conf, ['127.0.0.1:3001', '127.0.0.1:3002']],
    ['compose.conf', composeConf, ['web1:3000', 'web2:3000']],
  ] as const) {
    describe(name, () => {
      it('balances over the Tessera processes, sticky by the visitor address', () => {
        const upstream = block(text, 'upstream tessera');
        expect(upstream).not.toBeNull();
        expect(upstream).toMatch(/^\s*hash \$remote_addr consistent;/m);
        expect([...upstream!.matchAll(/^\s*server\s+(\S+?)[\s;]/gm)].map((m) => m[1])).toEqual(servers);
        expect(upstream).toMatch(/keepalive \d+;/);
      });

      it('passes the live connection (socket.io path) with its WebSocket upgrade and long reads', () => {
        const path_ = /path:\s*'([^']+)'/.exec(read('src/server/plugins/realtime.ts'))![1];
        const socket = block(text, `location ${path_}/`);
        expect(socket).not.toBeNull();
        expect(socket).toMatch(/proxy_pass http:\/\/tessera;/);
        expect(socket).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
        expect(socket).toMatch(/proxy_set_header Connection \$tessera_connection_upgrade;/);
        // A location with proxy_set_header of its own inherits none: the forwarded headers must be repeated.
        for (const header of ['Host', 'X-Forwarded-For', 'X-Forwarded-Proto']) expect(socket).toMatch(new RegExp(`proxy_set_header ${header} `));
        expect(socket).toMatch(/proxy_read_timeout (\d+h|[6-9]\d{2,}s|\d{4,}s);/);
        expect(block(text, 'map $http_upgrade $tessera_connection_upgrade')).toMatch(/default upgrade;/);
      });

      it('forwards the visitor address and scheme, and the Host', () => {
        const server = block(text.slice(text.lastIndexOf('server {')), 'server')!;
        expect(server).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
        expect(server).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
        expect(server).toMatch(/proxy_set_header Host \$host;/);
      });

      it("serves the build's /_astro/ assets from disk, immutable, from where the app serves them", () => {
        const distDir = path.relative(root, getConfig({}, root).distDir);
        const assets = block(text, 'location /_astro/');
        expect(assets).toContain(`alias ${DEPLOY_ROOT}/${distDir}/client/_astro/;`);
        expect(assets).toMatch(/gzip_static on;/);
        expect(assets).toMatch(/add_header Cache-Control "public, max-age=31536000, immutable"/);
        // The app serves the same directory (src/server/site/register.ts: dist/client, /_astro/ immutable).
        expect(read('src/server/site/register.ts')).toMatch(/root: path\.join\(distDir, 'client'\)/);
      });

      it("accepts bodies up to the app's limits, and streams resumable uploads", async () => {
        const { UPLOADS_PATH } = await import('../../src/server/modules/uploads/resumable-uploads.ts');
        const server = block(text.slice(text.lastIndexOf('server {')), 'server')!;
        // One-piece multipart uploads: UPLOAD_LIMIT_MB plus the multipart envelope.
        expect(bodyLimit(server)).toBeGreaterThan(defaults.uploadLimit);
        const tus = block(text, `location ${UPLOADS_PATH}`);
        expect(tus).not.toBeNull();
        expect(bodyLimit(tus!)).toBeGreaterThanOrEqual(Math.max(defaults.videoUploadLimit, defaults.uploadLimit));
        expect(tus).toMatch(/proxy_request_buffering off;/);
        expect(tus).toMatch(/proxy_buffering off;/);
      });

      it('does not expose /metrics', () => {
        expect(block(text, 'location = /metrics')).toMatch(/return 404;|deny all;/);
      });
    });
  }
});

describe('compose.yaml and the Dockerfile', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, Service>;
    networks?: { default?: { ipam?: { config?: { subnet: string }[] } } };
  };
  interface Service {
    image?: string;
    build?: string | { context: string; dockerfile?: string; target?: string };
    environment?: Record<string, string> | string[];
    depends_on?: string[] | Record<string, { condition?: string }>;
    healthcheck?: { test: string[] | string };
    command?: string[] | string;
    volumes?: (string | { type: string; source?: string })[];
    networks?: Record<string, { ipv4_address?: string } | null>;
  }
  const services = compose.services;
  const env = (s: Service): Record<string, string> =>
    Array.isArray(s.environment)
      ? Object.fromEntries(s.environment.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]))
      : Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, String(v)]));
  const dependsOn = (s: Service): Record<string, string | undefined> =>
    Array.isArray(s.depends_on)
      ? Object.fromEntries(s.depends_on.map((d) => [d, undefined]))
      : Object.fromEntries(Object.entries(s.depends_on ?? {}).map(([k, v]) => [k, v?.condition]));
  const text = (v: string[] | string | undefined) => [v ?? ''].flat().join(' ');
  /** The services running Tessera: built from this repository's Dockerfile, as the app (not the nginx target). */
  const tessera = Object.entries(services).filter(([, s]) => typeof s.build === 'object' && s.build.target !== 'nginx');

  const noCompose = hasCompose ? '' : '`docker compose version` does not work here';
  it.skipIf(noCompose)(`docker compose config -q accepts it ${noCompose ? `(skipped: ${noCompose}; the structure is checked below)` : ''}`, () => {
    const result = spawnSync('docker', ['compose', '-f', 'compose.yaml', 'config', '-q'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('has the services: PostgreSQL 16, Redis 7, MinIO with its bucket, two Tessera web processes and nginx', () => {
    expect(services.postgres?.image).toBe('postgres:16');
    expect(services.redis?.image).toBe('redis:7');
    expect(services.minio?.image).toMatch(/^minio\/minio(:|$)/);
    const mc = Object.values(services).find((s) => s.image?.startsWith('minio/mc'));
    expect(mc).toBeDefined();
    expect(dependsOn(mc!).minio).toBe('service_healthy');
    expect(tessera.map(([name]) => name)).toEqual(expect.arrayContaining(['web1', 'web2']));
    expect(services.nginx).toBeDefined();
    // The bucket the Tessera services use is the one the one-shot mc service makes.
    const bucket = new Set(tessera.map(([, s]) => env(s).S3_BUCKET));
    expect(bucket.size).toBe(1);
    expect(text(mc!.command)).toContain(`mc mb --ignore-existing local/${[...bucket][0]}`);
  });

  it('gives every Tessera service PostgreSQL, Redis and S3, started after them once they are healthy', () => {
    expect(tessera.length).toBeGreaterThanOrEqual(3);
    for (const [name, s] of tessera) {
      const e = env(s);
      expect(e.DATABASE_URL, name).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(e.REDIS_URL, name).toMatch(/^redis:\/\/redis:6379/);
      expect(e.STORAGE, name).toBe('s3');
      expect(e.S3_ENDPOINT, name).toBe('http://minio:9000');
      for (const dependency of ['postgres', 'redis', 'minio']) {
        expect(dependsOn(s)[dependency], `${name} → ${dependency}`).toBe('service_healthy');
        expect(text(services[dependency]!.healthcheck?.test), dependency).not.toBe('');
      }
      // Every setting given to Tessera is one it reads.
      for (const key of Object.keys(e)) expect(configSettings, `${name}: ${key}`).toContain(key);
    }
  });

  it('checks the web processes at /api/health, on the port nginx balances over, and trusts only nginx', () => {
    const nginxAddress = services.nginx!.networks?.default?.ipv4_address;
    const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet;
    expect(nginxAddress).toBeDefined();
    expect(subnet && nginxAddress!.startsWith(subnet.split('.').slice(0, 3).join('.') + '.')).toBe(true);
    const upstream = block(code(read('deploy/nginx/compose.conf')), 'upstream tessera')!;
    for (const name of ['web1', 'web2']) {
      const s = services[name]!;
      expect(text(s.healthcheck?.test)).toContain(`http://127.0.0.1:${env(s).PORT}/api/health`);
      expect(env(s).HOST).toBe('0.0.0.0');
      expect(upstream).toContain(`server ${name}:${env(s).PORT}`);
      expect(env(s).TRUST_PROXY).toBe(nginxAddress);
      expect(dependsOn(services.nginx!)[name]).toBe('service_healthy');
    }
  });

  it('names only paths that exist: build contexts, Dockerfile targets, mounted files, scripts', () => {
    for (const [name, s] of Object.entries(services)) {
      if (s.build) {
        const build = typeof s.build === 'string' ? { context: s.build } : s.build;
        const dockerfile = path.join(root, build.context, build.dockerfile ?? 'Dockerfile');
        expect(fs.existsSync(dockerfile), `${name}: ${dockerfile}`).toBe(true);
        if (build.target)
          expect(fs.readFileSync(dockerfile, 'utf8'), `${name}: target ${build.target}`).toMatch(new RegExp(`^FROM \\S+ AS ${build.target}$`, 'm'));
      }
      for (const volume of s.volumes ?? []) {
        const source = typeof volume === 'string' ? volume.split(':')[0]! : (volume.source ?? '');
        if (source.startsWith('.') || source.startsWith('/')) expect(fs.existsSync(path.join(root, source)), `${name}: ${source}`).toBe(true);
      }
      for (const script of text(s.command).match(/\S+\.(?:ts|js|mjs)\b/g) ?? [])
        expect(fs.existsSync(path.join(root, script)), `${name}: ${script}`).toBe(true);
    }
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:24-bookworm-slim AS app$/m);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(cmd[0]).toBe('node');
    expect(fs.existsSync(path.join(root, cmd[1]!))).toBe(true);
    // What the image copies from the build is what nginx serves (compose.conf's alias).
    expect(dockerfile).toContain(`COPY --from=app ${DEPLOY_ROOT}/dist/client ${DEPLOY_ROOT}/dist/client`);
    expect(fs.readFileSync(path.join(root, '.dockerignore'), 'utf8')).toMatch(/^node_modules$/m);
  });
});

describe('systemd units and the environment file', () => {
  /** A unit file as sections of (key, value) pairs, in order (keys repeat: Environment=, EnvironmentFile=). */
  function parseUnit(file: string): Map<string, [string, string][]> {
    const sections = new Map<string, [string, string][]>();
    let current: [string, string][] | null = null;
    for (const [i, raw] of read(file).split('\n').entries()) {
      const line = raw.trim();
      if (!line || line.startsWith('#') || line.startsWith(';')) continue;
      const section = /^\[([A-Za-z]+)\]$/.exec(line);
      if (section) {
        sections.set(section[1]!, (current = []));
        continue;
      }
      const pair = /^([A-Za-z]+)=(.*)$/.exec(line);
      if (!pair || !current) throw new Error(`${file}:${i + 1}: not a section or key=value: ${line}`);
      current.push([pair[1]!, pair[2]!]);
    }
    return sections;
  }
  const values = (unit: Map<string, [string, string][]>, key: string) => (unit.get('Service') ?? []).filter(([k]) => k === key).map(([, v]) => v);
  const one = (unit: Map<string, [string, string][]>, key: string) => values(unit, key).at(-1);
  const environment = (unit: Map<string, [string, string][]>) =>
    Object.fromEntries(values(unit, 'Environment').flatMap((v) => v.split(/\s+/).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])));

  const units = {
    web: parseUnit('deploy/systemd/tessera@.service'),
    worker: parseUnit('deploy/systemd/tessera-worker.service'),
  };

  for (const [name, unit] of Object.entries(units)) {
    it(`${name}: [Unit], [Service] and [Install], an ExecStart on the pinned Node of a script in this repository`, () => {
      expect([...unit.keys()]).toEqual(['Unit', 'Service', 'Install']);
      expect(unit.get('Install')!.find(([k]) => k === 'WantedBy')?.[1]).toBe('multi-user.target');
      expect(one(unit, 'WorkingDirectory')).toBe(DEPLOY_ROOT);
      const [node, script, ...rest] = one(unit, 'ExecStart')!.split(/\s+/);
      expect(node).toBe(`${DEPLOY_ROOT}/node_modules/node/bin/node`);
      expect(fs.existsSync(inRepo(node!)), `${node} (npm install puts the pinned Node there)`).toBe(true);
      expect(rest).toEqual([]);
      expect(fs.existsSync(path.join(root, script!)), script).toBe(true);
      expect(values(unit, 'EnvironmentFile')[0]).toBe('/etc/tessera/tessera.env');
      expect(one(unit, 'User')).toMatch(/^(?!root$)\w+$/);
      expect(one(unit, 'Restart')).toBe('always');
      expect(one(unit, 'KillSignal')).toBe('SIGTERM');
      // Longer than the app's own 10 s drain before it exits regardless (src/server/serve.ts, run-worker.ts).
      expect(Number(one(unit, 'TimeoutStopSec'))).toBeGreaterThan(10);
    });

    it(`${name}: the hardening leaves DATA_DIR writable`, () => {
      const dataDir = environment(unit).DATA_DIR;
      expect(dataDir).toBeDefined();
      const writable = [
        ...values(unit, 'StateDirectory').flatMap((v) => v.split(/\s+/).map((d) => `/var/lib/${d}`)),
        ...values(unit, 'ReadWritePaths').flatMap((v) => v.split(/\s+/).map((d) => d.replace(/^-/, ''))),
      ];
      if (one(unit, 'ProtectSystem') === 'strict' || one(unit, 'ProtectSystem') === 'full')
        expect(
          writable.some((dir) => dataDir === dir || dataDir!.startsWith(`${dir}/`)),
          `${dataDir} in ${writable.join(', ')}`,
        ).toBe(true);
      // V8's JIT writes executable memory: this option would kill node at start.
      expect(one(unit, 'MemoryDenyWriteExecute')).not.toBe('true');
    });
  }

  it('web: one instance per port, started as `npm start` does', () => {
    expect(environment(units.web).PORT).toBe('%i');
    expect(one(units.web, 'ExecStart')).toMatch(/ scripts\/start\.ts$/);
    expect(read('package.json')).toContain('"start": "MALLOC_ARENA_MAX=2 node scripts/start.ts"');
    expect(environment(units.web).MALLOC_ARENA_MAX).toBe('2');
    expect(one(units.web, 'TimeoutStopSec')).toBe('30');
  });

  it('worker: runs what `npm run worker` runs', () => {
    const script = /"worker": "node (\S+)"/.exec(read('package.json'))![1];
    expect(one(units.worker, 'ExecStart')).toMatch(new RegExp(` ${script}$`));
  });

  const noAnalyze = hasSystemdAnalyze ? '' : 'systemd-analyze is not installed';
  it.skipIf(noAnalyze)(`systemd-analyze verify finds nothing to say about either unit ${noAnalyze ? `(skipped: ${noAnalyze})` : ''}`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-units-test-'));
    try {
      const copy = (from: string, to: string) => fs.writeFileSync(path.join(dir, to), read(from).replaceAll(DEPLOY_ROOT, root));
      copy('deploy/systemd/tessera@.service', 'tessera@3001.service');
      copy('deploy/systemd/tessera-worker.service', 'tessera-worker.service');
      const result = spawnSync('systemd-analyze', ['verify', 'tessera@3001.service', 'tessera-worker.service'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 30_000,
      });
      // Only what it says about these files (a container without systemd running may add lines about itself).
      const about = `${result.stdout}${result.stderr}`.split('\n').filter((l) => /tessera(@3001|-worker)\.service/.test(l));
      expect(about).toEqual([]);
      expect(result.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tessera.env.example: only settings Tessera reads, the multi-process ones set, and no PORT', () => {
    const pairs = read('deploy/tessera.env.example')
      .split('\n')
      .filter((l) => l.trim() && !l.trim().startsWith('#'))
      .map((l) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(l) ?? l);
    for (const pair of pairs) expect(typeof pair === 'string' ? `not KEY=value: ${pair}` : 'ok').toBe('ok');
    const settings = Object.fromEntries((pairs as RegExpExecArray[]).map((m) => [m[1]!, m[2]!.replace(/^"(.*)"$/, '$1')]));
    for (const key of Object.keys(settings)) if (!COMING.includes(key)) expect(configSettings, key).toContain(key);
    // An EnvironmentFile overrides the unit's Environment=PORT=%i: every instance would take the same port.
    for (const key of ['PORT', 'DATA_DIR']) expect(settings, key).not.toHaveProperty(key);
    expect(settings).toMatchObject({ STORAGE: 's3', MEDIA_WORKERS: '0', TRUST_PROXY: '127.0.0.1' });
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'PUBLIC_URL', 'APP_SECRET', 'METRICS_TOKEN', 'WEB_CONCURRENCY'])
      expect(settings, key).toHaveProperty(key);
    expect(settings.DATABASE_URL).toMatch(/^postgres:\/\//);
    expect(settings.REDIS_URL).toMatch(/^redis:\/\//);
    // A stop takes DRAIN_SECONDS, then up to 10 s of closing (src/server/serve.ts): within the units' TimeoutStopSec.
    expect(Number(settings.DRAIN_SECONDS ?? 0) + 10).toBeLessThan(Number(one(units.web, 'TimeoutStopSec')));
    // The whole file is a configuration Tessera accepts (no ConfigError), apart from the settings still being added.
    expect(() => getConfig(settings, root)).not.toThrow();
  });
});
