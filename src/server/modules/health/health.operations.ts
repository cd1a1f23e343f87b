import { Health, Readiness } from '../../../shared/contracts/settings.ts';
import { HEALTH } from '../../../shared/operations/health.ts';
import { ping } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

/** How long a readiness check waits for each part before counting it unreachable. */
const CHECK_MS = 2000;

/** True when `check` resolves truthy within CHECK_MS. */
async function within(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_MS)));
  try {
    return Boolean(await Promise.race([check().catch(() => false), late]));
  } finally {
    clearTimeout(timer);
  }
}

export const healthOperations = (app: App) =>
  operations(HEALTH, {
    live: {
      operationId: 'health_live',
      summary: 'Liveness and database reachability',
      tags: ['site'],
      access: 'anyone',
      response: Health,
      errors: [503],
      run: async () => {
        const db = await ping(app.database.db);
        if (!db) throw new AppError(503, 'DB_UNREACHABLE', 'The database does not answer.');
        return { status: 'ok' as const, db, version: app.config.version };
      },
    },
    ready: {
      operationId: 'health_ready',
      summary: 'Readiness for traffic: the database, Redis (when used) and the media storage answer, and the process is not draining',
      tags: ['site'],
      access: 'anyone',
      response: Readiness,
      errors: [503],
      run: async () => {
        if (app.draining) throw new AppError(503, 'DRAINING', 'This process is shutting down: send requests to another.');
        const redis = app.redis;
        const [database, redisUp, storage] = await Promise.all([
          within(() => ping(app.database.db)),
          redis ? within(async () => (await redis.client.ping()) === 'PONG') : Promise.resolve(null),
          // A key that is never stored: "not there" is an answer, an error or a timeout is not.
          within(async () => (await app.media.storage.stat('tessera-ready-check')) === null),
        ]);
        const down = Object.entries({ database, Redis: redisUp, 'media storage': storage }).filter(([, up]) => up === false);
        if (down.length) throw new AppError(503, 'NOT_READY', `Not ready: ${down.map(([name]) => name).join(', ')} unreachable.`);
        return { status: 'ready' as const, database, redis: redisUp, storage };
      },
    },
  });
