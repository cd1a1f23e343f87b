/**
 * Processes of the benchmarks: every server on the server core and the load generator on the load core (taskset, when
 * the machine has two cores and taskset is installed), their resident memory, and free ports.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const TASKSET = '/usr/bin/taskset';
export const PIN = os.cpus().length >= 2 && fs.existsSync(TASKSET);
export const SERVER_CORE = 1;
export const LOAD_CORE = 0;

/** `command args` prefixed with `taskset -c core` when pinning. */
export function pinned(command: string, args: string[], core: number): [string, string[]] {
  return PIN ? [TASKSET, ['-c', String(core), command, ...args]] : [command, args];
}

/** Pins a running process and all its threads (threads it starts later inherit the mask). */
export function pin(pid: number, core = SERVER_CORE): void {
  if (!PIN) return;
  const r = spawnSync(TASKSET, ['-a', '-cp', String(core), String(pid)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`taskset failed for ${pid}: ${r.stderr}`);
}

/** Resident set size of a process in MB (VmRSS), or NaN once it is gone. */
export function rssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Waits until `url` answers (any status), or fails after `ms`. */
export async function waitForHttp(url: string, child: ChildProcess, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${child.spawnfile} exited (${child.exitCode}) before answering ${url}`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > until) throw new Error(`${url} did not answer in ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export interface Spawned {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * A server process, on the server core unless `pinned` is false (the caller pins it later); `stop` sends SIGTERM
 * (SIGKILL after 10 s) and waits for its exit.
 */
export function spawnServer(command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string; pinned?: boolean } = {}): Spawned {
  const [cmd, argv] = opts.pinned === false ? [command, args] : pinned(command, args, SERVER_CORE);
  const child = spawn(cmd, argv, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return { child, output: () => out, stop: () => stopProcess(child) };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
