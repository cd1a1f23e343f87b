/**
 * What `npm start` is doing, for the person watching it: one short line per start step ("  Migrating… done in 0.1 s"),
 * and a counter on the step's line for the long ones ("  Drawing demo pictures… 40/85"). Silent until the start path
 * turns it on (showProgress), so the CLI, the worker and library callers print nothing; and silent under tests.
 */
import fs from 'node:fs';
import { styleText } from 'node:util';

export interface Step {
  /** The step's detail so far (a count, a percentage): on a terminal rewritten in place, otherwise a line now and then. */
  update(detail: string): void;
  /** The step is over: "label… done in 1.2 s" (and `detail` after it, when given). */
  done(detail?: string): void;
  /** The step stopped with an error (the caller reports the error itself). */
  fail(): void;
}

const SILENT: Step = { update() {}, done() {}, fail() {} };
/** A line that is not a terminal gets an update at most this often. */
const UPDATE_EVERY_MS = 2000;

let out: NodeJS.WriteStream | null = null;
/** The step whose line is being written on a terminal (it ends with no newline yet). */
let openLine: object | null = null;

/** True where start-up progress should stay quiet: tests (NODE_ENV=test, or any process started from Vitest). */
export function quietByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'test' || Boolean(env.VITEST);
}

/** Turns the progress lines on (on stdout) or off; `npm start` turns them on unless quietByDefault(). */
export function showProgress(on = !quietByDefault(), stream: NodeJS.WriteStream = process.stdout): void {
  out = on ? stream : null;
  openLine = null;
}

/** Whether the progress lines are on (callers with output of their own may then keep it for failures). */
export const progressShown = (): boolean => out !== null;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Begins a step. A quick one prints its line when it is done; a long one (`announce`) prints it now too, and on a
 * terminal keeps it open for its counter and its end. Lines are indented two spaces, like the start banner.
 */
export function step(label: string, { announce = false }: { announce?: boolean } = {}): Step {
  const stream = out;
  if (!stream) return SILENT;
  const tty = Boolean(stream.isTTY);
  const started = performance.now();
  const self = {};
  let lastUpdate = 0;
  const head = `  ${label}…`;
  const write = (text: string, { end }: { end: boolean }) => {
    if (tty) {
      // Another step's line still open (a step inside this one, or beside it): give it its own line first.
      if (openLine && openLine !== self) stream.write('\n');
      stream.write(`${openLine === self ? '\r\x1b[K' : ''}${text}${end ? '\n' : ''}`);
      openLine = end ? null : self;
    } else stream.write(`${text}\n`);
  };
  if (announce) write(head, { end: !tty });
  let finished = false;
  return {
    update(detail) {
      if (finished) return;
      const now = performance.now();
      if (!tty && now - lastUpdate < UPDATE_EVERY_MS) return;
      lastUpdate = now;
      write(`${head} ${detail}`, { end: !tty });
    },
    done(detail) {
      if (finished) return;
      finished = true;
      const took = styleText('dim', `done in ${seconds(performance.now() - started)}`, { stream });
      write(`${head} ${took}${detail ? ` ${detail}` : ''}`, { end: true });
    },
    fail() {
      if (finished) return;
      finished = true;
      write(`${head} failed after ${seconds(performance.now() - started)}`, { end: true });
    },
  };
}

/** Where another thread writes its counter (threadProgress): the progress lines' file descriptor, or null when off. */
export function progressTarget(): { fd: number; tty: boolean } | null {
  // process.stdout has its descriptor (a stream given to showProgress may not): the types do not say so.
  const fd = (out as { fd?: unknown } | null)?.fd;
  return out && typeof fd === 'number' ? { fd, tty: Boolean(out.isTTY) } : null;
}

/**
 * The counter of work in another thread whose parent may be too busy to print it (a first start's PGlite makes its new
 * database on the main thread: seconds in which no line can be written there): whole lines ("  Drawing… 40/82") that
 * the thread writes itself, straight to the file descriptor, the first and the last and one at most every two seconds
 * between. On a terminal each clears the line it lands on first (a step of the parent's may have its line open there;
 * the parent writes that line again when it next updates it).
 */
export function threadProgress(target: { fd: number; tty: boolean }, label: string): (done: number, total: number) => void {
  let last = -Infinity;
  return (done, total) => {
    const now = performance.now();
    if (done > 0 && done < total && now - last < UPDATE_EVERY_MS) return;
    last = now;
    fs.writeSync(target.fd, `${target.tty ? '\r\x1b[K' : ''}  ${label}… ${done}/${total}\n`);
  };
}

/** Runs `work` as a step: done when it resolves, failed (and rethrown) when it rejects. */
export async function track<T>(label: string, work: (step: Step) => Promise<T> | T, opts: { announce?: boolean } = {}): Promise<T> {
  const s = step(label, opts);
  try {
    const result = await work(s);
    s.done();
    return result;
  } catch (err) {
    s.fail();
    throw err;
  }
}
