import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface TestServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

/**
 * Runs the production server (`node src/server/main.ts`) as its own process on a free port with a fresh data folder;
 * `cli` commands run first against the same folder (e.g. ['settings', 'set', 'maintenanceMode', 'true']).
 */
export async function startServer(opts: { env?: Record<string, string>; cli?: string[][] } = {}): Promise<TestServer> {
  const dataDir = opts.env?.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-e2e-'));
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', PASSWORD_COST: '4096', LOG_LEVEL: 'warn', DATABASE_URL: '', ...opts.env };
  for (const args of opts.cli ?? []) {
    const r = spawnSync(process.execPath, ['src/server/cli/index.ts', ...args], { cwd: root, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  }
  const child = spawn(process.execPath, ['src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${out}`)), 60_000);
    child.stdout!.on('data', () => {
      const m = out.match(/running at (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${out}`)));
  });
  return {
    url,
    dataDir,
    process: child,
    output: () => out,
    stop: async () => {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
