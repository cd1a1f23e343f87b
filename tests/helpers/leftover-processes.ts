import fs from 'node:fs';

/**
 * Every process a test starts is stopped by the test (afterAll, even when it fails): this global setup marks the
 * run's environment, which every process started under it inherits, and its teardown looks for marked processes
 * still running once the tests are over. It fails the run on any (after killing them, so that none outlives it), apart
 * from the test workers themselves and the browser a browser-test worker keeps for its files (it closes with them).
 * Linux only (/proc); elsewhere nothing is checked.
 */
const MARK = 'TESSERA_TEST_MARK';

export default function setup() {
  process.env[MARK] ??= `${process.pid}-${Date.now().toString(36)}`;
  const mark = `${MARK}=${process.env[MARK]}`;
  return () => {
    const left = leftovers(mark);
    if (!left.length) return;
    for (const p of left) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    throw new Error(`Processes started by tests were still running after them (now killed):\n${left.map((p) => `  ${p.pid} ${p.command}`).join('\n')}`);
  };
}

interface Proc {
  pid: number;
  parent: number;
  command: string;
  marked: boolean;
}

function read(pid: number, mark: string): Proc | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 200);
    const marked = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(mark);
    return { pid, parent, command, marked };
  } catch {
    return null; // gone, or not ours to read
  }
}

/** The marked processes that are neither this one, a test worker, nor a worker's browser. */
function leftovers(mark: string): Proc[] {
  if (!fs.existsSync('/proc/self/environ')) return [];
  const procs = new Map<number, Proc>();
  for (const name of fs.readdirSync('/proc')) {
    const p = /^\d+$/.test(name) ? read(Number(name), mark) : null;
    if (p) procs.set(p.pid, p);
  }
  const isWorker = (p: Proc) => /vitest/.test(p.command);
  const underWorker = (p: Proc): boolean => {
    for (let up = procs.get(p.parent); up; up = procs.get(up.parent)) if (isWorker(up)) return true;
    return false;
  };
  const isBrowser = (p: Proc) => /chrom/i.test(p.command) && underWorker(p);
  return [...procs.values()].filter((p) => p.marked && p.pid !== process.pid && !isWorker(p) && !isBrowser(p));
}
