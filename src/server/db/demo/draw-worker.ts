/** The thread that draws the demo pictures (demo-media.ts, ensureDemoMediaCache): reports each one done to its parent. */
import { parentPort, workerData } from 'node:worker_threads';
import { drawDemoMedia } from './demo-media.ts';

const { folder } = workerData as { folder: string };
await drawDemoMedia(folder, (done, total) => parentPort?.postMessage({ done, total }));
