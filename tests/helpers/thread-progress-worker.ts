/** A thread that counts to three with threadProgress (tests/unit/progress.test.ts), then wakes its parent. */
import { workerData } from 'node:worker_threads';
import { threadProgress } from '../../src/server/lib/runtime/progress.ts';

const { fd, wake } = workerData as { fd: number; wake: SharedArrayBuffer };
const report = threadProgress({ fd, tty: false }, 'Drawing the demo pictures');
for (let done = 0; done <= 3; done++) report(done, 3);
const flag = new Int32Array(wake);
Atomics.store(flag, 0, 1);
Atomics.notify(flag, 0);
