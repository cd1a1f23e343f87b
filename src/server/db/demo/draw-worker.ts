/** The thread that draws the demo pictures (demo-media.ts, ensureDemoMediaCache), printing its own counter. */
import { workerData } from 'node:worker_threads';
import { threadProgress } from '../../lib/runtime/progress.ts';
import { drawDemoMedia } from './demo-media.ts';

const { folder, label, progress } = workerData as { folder: string; label: string; progress: { fd: number; tty: boolean } | null };
await drawDemoMedia(folder, progress ? threadProgress(progress, label) : () => {});
