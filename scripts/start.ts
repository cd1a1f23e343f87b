/**
 * `npm start`: build the site if its sources changed, then run the server (migrates and seeds on first run), with a
 * progress line per step (WEB_CONCURRENCY: several server processes on one port, src/server/cluster.ts). Compiled code is cached on disk (node_modules/.cache/tessera-compile): a restart loads the
 * server's few hundred modules without compiling (and type-stripping) them again.
 */
import cluster from 'node:cluster';
import module from 'node:module';
import path from 'node:path';

module.enableCompileCache?.(path.resolve(import.meta.dirname, '../node_modules/.cache/tessera-compile'));
// The processes of WEB_CONCURRENCY (src/server/cluster.ts) run this file too: the primary alone builds and reports.
if (cluster.isPrimary) {
  const { showProgress } = await import('../src/server/lib/runtime/progress.ts');
  showProgress();
  const { ensureBuilt } = await import('./build.ts');
  ensureBuilt();
}
await import('../src/server/main.ts').then((m) => m.runMain());
