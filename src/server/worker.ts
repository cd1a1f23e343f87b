/** `npm run worker` (`node src/server/worker.ts`): the media job worker (run-worker.ts), loaded once module resolution is quick (lib/runtime/fast-resolve.ts). */
import { resolveQuickly } from './lib/runtime/fast-resolve.ts';

// Production unless NODE_ENV says otherwise, before any library loads (as main.ts).
process.env.NODE_ENV ||= 'production';
resolveQuickly('worker');
await (await import('./run-worker.ts')).runWorker();
