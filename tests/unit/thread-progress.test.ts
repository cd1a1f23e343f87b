import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A first start draws the demo pictures in a thread while PGlite makes its database on the main thread, seconds in
 * which the main thread prints nothing: the drawing thread prints its own counter.
 */
describe('the counter of a thread whose parent is busy', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-progress-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is written while the parent thread cannot run: the first line, then the last', async () => {
    const file = path.join(dir, 'out.txt');
    const fd = fs.openSync(file, 'w');
    const wake = new SharedArrayBuffer(4);
    const worker = new Worker(new URL('../helpers/thread-progress-worker.ts', import.meta.url), { workerData: { fd, wake } });
    try {
      // The parent blocks (as PGlite's work does) until the thread has counted: nothing of the parent runs meanwhile.
      expect(Atomics.wait(new Int32Array(wake), 0, 0, 60_000)).not.toBe('timed-out');
      const written = fs.readFileSync(file, 'utf8');
      expect(written).toBe('  Drawing the demo pictures… 0/3\n  Drawing the demo pictures… 3/3\n');
    } finally {
      fs.closeSync(fd);
      await worker.terminate();
    }
  });
});
