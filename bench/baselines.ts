/**
 * The baselines of `npm run bench`, each in its own process on the server core:
 * - a static server answering the bytes of a page: nginx when installed (its own config in a temp folder, one worker,
 *   a free port), else a plain node:http server (bench/baseline-server.ts), which also shows Node's own ceiling beside
 *   nginx (the same bytes with the same headers);
 * - a bare Astro SSR page of 24 static cards (bench/bare-astro/), built with this repository's astro into
 *   node_modules/.cache/tessera-bare-astro (rebuilt when its sources change) and run by @astrojs/node standalone.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/helpers/ports.ts';
import { spawnServer, waitForHttp } from './processes.ts';

const root = path.resolve(import.meta.dirname, '..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((f) => fs.existsSync(f)) ?? null;

export interface Baseline {
  label: string;
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * An nginx main config whose every file (pid, log, temp paths) is in `dir`, in the foreground, around `http` (the
 * http block's own lines); `head` goes before the events block (e.g. `master_process off;`).
 */
export function nginxMainConfig(dir: string, { head, http }: { head: string; http: string }): string {
  const tmp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `daemon off;
${head}
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(tmp).join('\n  ')}
${http}
}
`;
}

function nginxConfig(dir: string, port: number): string {
  return nginxMainConfig(dir, {
    head: 'master_process off;\nworker_processes 1;',
    http: `  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    location / {
      root ${dir};
      default_type text/html;
      charset utf-8;
      try_files /page.html =404;
    }
  }`,
  });
}

/** Whether `startStatic` answers with nginx (when installed) or node:http. */
export const STATIC_SERVER = NGINX ? 'nginx' : 'node:http';

/**
 * A static server answering `body` for every path: nginx when installed and not `node`, with its own headers; else
 * node:http, with `headers` (a content type at least).
 */
export async function startStatic(body: Buffer, headers: Record<string, string>, { node = !NGINX } = {}): Promise<Baseline> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-static-'));
  fs.writeFileSync(path.join(dir, 'page.html'), body);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/videos`;
  let server;
  if (NGINX && !node) {
    fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port));
    server = spawnServer(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')]);
  } else {
    fs.writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(headers));
    const args = [path.join(import.meta.dirname, 'baseline-server.ts'), path.join(dir, 'page.html'), path.join(dir, 'headers.json'), String(port)];
    server = spawnServer(process.execPath, args);
  }
  const stop = async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(url, server.child);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${server.output()}`, { cause: err });
  }
  return { label: NGINX && !node ? 'nginx' : 'node:http', url, pid: server.child.pid!, stop };
}

const bareRoot = path.join(import.meta.dirname, 'bare-astro');
const bareOut = path.join(root, 'node_modules', '.cache', 'tessera-bare-astro');
const bareStamp = path.join(bareOut, '.source-hash');

function bareSourceHash(): string {
  const hash = createHash('sha256');
  const files = fs.readdirSync(bareRoot, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(astro|mjs|ts)$/.test(f) && !f.startsWith('.astro'));
  for (const f of files.sort())
    hash
      .update(f)
      .update('\0')
      .update(fs.readFileSync(path.join(bareRoot, f)));
  const astroVersion = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'astro', 'package.json'), 'utf8')) as { version: string }).version;
  return hash.update(astroVersion).digest('hex');
}

/** Builds the bare Astro project unless its last build is current. */
export function buildBareAstro(): void {
  const hash = bareSourceHash();
  if (fs.existsSync(path.join(bareOut, 'server', 'entry.mjs')) && fs.existsSync(bareStamp) && fs.readFileSync(bareStamp, 'utf8') === hash) return;
  console.log('Building the bare Astro baseline…');
  const astro = path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const env = { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', BARE_ASTRO_OUT_DIR: bareOut };
  const r = spawnSync(process.execPath, [astro, 'build', '--root', bareRoot], { cwd: root, env, encoding: 'utf8' });
  // Astro writes its generated types into the project (.astro/): nothing to keep beside the sources.
  fs.rmSync(path.join(bareRoot, '.astro'), { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`bare Astro build failed:\n${r.stdout}\n${r.stderr}`);
  fs.writeFileSync(bareStamp, hash);
}

/** The bare Astro page (GET /videos) on a free port, NODE_ENV=production. */
export async function startBareAstro(): Promise<Baseline> {
  buildBareAstro();
  const port = await freePort();
  const env = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port) };
  const server = spawnServer(process.execPath, [path.join(bareOut, 'server', 'entry.mjs')], { env });
  const url = `http://127.0.0.1:${port}/videos`;
  try {
    await waitForHttp(url, server.child);
  } catch (err) {
    await server.stop();
    throw new Error(`${(err as Error).message}\n${server.output()}`, { cause: err });
  }
  return { label: 'bare Astro', url, pid: server.child.pid!, stop: server.stop };
}
