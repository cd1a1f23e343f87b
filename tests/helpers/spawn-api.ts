import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_NODE_FLAGS } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far. */
  output: () => string;
}

/** Runs tests/helpers/api-process.ts (the API without the site) as its own process; resolves when it listens. */
export async function spawnApi(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, 'tests/helpers/api-process.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stderr!.on('data', (d) => (out += d));
  child.stdout!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const m = out.match(/listening at (http:\/\/\S+)/);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`api exited (${code}):\n${out}`)));
  });
  return { child, url, output: () => out };
}
