import { ConfigError, getConfig } from './config.ts';
import { DatabaseUnreachableError, openConfiguredDatabase } from './db/client.ts';
import { buildApp } from './app.ts';

/**
 * `npm run worker`: a process that runs the job queue's media jobs (transcoding) beside the web processes, all on one
 * PostgreSQL (DATABASE_URL); give the web processes MEDIA_WORKERS=0 so that only workers transcode. With REDIS_URL its
 * progress news reaches the admins' live connections through the same Redis as the web processes'.
 */
export async function runWorker() {
  const config = getConfig();
  if (!config.databaseUrl) {
    console.error('\n  npm run worker needs DATABASE_URL (PostgreSQL). With the built-in database, `npm start` runs the jobs itself (MEDIA_WORKERS).\n');
    process.exit(1);
  }
  const workers = Math.max(1, config.jobs.mediaWorkers);
  let app;
  try {
    const database = await openConfiguredDatabase(config, 'worker');
    await database.migrate();
    app = await buildApp({ ...config, jobs: { ...config.jobs, mediaWorkers: workers } }, { database, realtime: Boolean(config.redisUrl) });
    app.addHook('onClose', () => database.close());
    await app.ready();
  } catch (err) {
    console.error(`\n  The worker could not start: ${err instanceof Error ? err.message : err}\n`);
    if (!(err instanceof ConfigError || err instanceof DatabaseUnreachableError)) console.error(err);
    process.exit(1);
  }
  console.log(`\n  Tessera worker: up to ${workers} media job${workers === 1 ? '' : 's'} at once${config.redisUrl ? ', progress through Redis' : ''}.\n`);
  const stop = async () => {
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
