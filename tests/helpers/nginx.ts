import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';

export const NGINX = '/usr/sbin/nginx';
export const hasNginx = fs.existsSync(NGINX);

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The deployment's nginx config (deploy/nginx/tessera.conf) run for real in front of `upstreams`: the upstream's
 * servers are those, the project root is this checkout, and TLS is swapped for plain HTTP on a free loopback port (the
 * redirecting port-80 server goes): every location is the file's own. nginx runs in the foreground under a prefix in
 * a temporary folder (its own pid, logs and temp paths), never the machine's nginx.
 */
export async function startDeploymentNginx(upstreams: string[]): Promise<{ url: string; stop: () => Promise<void>; log: () => string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-nginx-'));
  const port = await freePort();
  const site = fs
    .readFileSync(path.join(root, 'deploy/nginx/tessera.conf'), 'utf8')
    .replace(/#.*$/gm, '')
    .replaceAll('/srv/tessera', root)
    .replace(/(upstream tessera \{[^}]*?)(\s*server \S+[^;]*;)+/, (_m, head: string) => `${head}\n${upstreams.map((u) => `    server ${u};`).join('\n')}`)
    // The port-80 server only redirects to HTTPS; the HTTPS server listens on plain HTTP here.
    .replace(/server \{\s*listen 80;[\s\S]*?\n\}\n/, '')
    .replace(/listen 443 ssl[^;]*;/, `listen 127.0.0.1:${port};`)
    .replace(/listen \[::\]:443[^;]*;/, '')
    .replace(/^\s*ssl_\w+[^;]*;$/gm, '');
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(dir, t)};`).join('\n');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'daemon off;',
      // Workers as root may read the checkout wherever it is (a deployment runs them as www-data over /srv).
      'user root;',
      'worker_processes 1;',
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      temp,
      `  include ${path.join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', `${dir}/`, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const log = () => out + (fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${log()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(true)).once('error', () => resolve(false));
      socket.once('connect', () => socket.end());
    });
    if (up) break;
    if (i > 100) throw new Error(`nginx did not listen:\n${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
