/** `npm run worker` (`node src/server/worker.ts`): the media job worker (run-worker.ts), loaded once drizzle-orm resolves quickly. */
import { resolveDrizzleQuickly } from './lib/fast-resolve.ts';

resolveDrizzleQuickly();
await (await import('./run-worker.ts')).runWorker();
