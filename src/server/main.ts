/**
 * The server's entry point: `node src/server/main.ts` (systemd, Docker, the tests and the benchmarks), or
 * `npm start` through scripts/start.ts. The server itself is serve.ts, loaded once module resolution is quick (lib/runtime/fast-resolve.ts).
 */
import { resolveQuickly } from './lib/runtime/fast-resolve.ts';

// A served process is production unless NODE_ENV says otherwise (the configuration's default), and is so before any
// library loads: React picks its development or production build, like others their modes, when first imported.
process.env.NODE_ENV ||= 'production';
resolveQuickly('server');

/** Starts the server from the environment (serve.ts). */
export const runMain = async () => (await import('./serve.ts')).runMain();

if (import.meta.main) await runMain();
