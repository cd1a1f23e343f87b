import { Health, Readiness } from '../../../shared/contracts/settings.ts';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { ping } from '../../db/client.ts';
import { ok, type App } from '../../types.ts';

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

export async function healthRoutes(app: App) {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'health_live',
        tags: ['site'],
        summary: 'Liveness and database reachability',
        response: { 200: Envelope(Health), 503: ErrorBody },
      },
    },
    async (_request, reply) => {
      const db = await ping(app.database.db);
      if (!db) return reply.code(503).send({ statusCode: 503, error: 'DB_UNREACHABLE', message: 'The database does not answer.' });
      return ok({ status: 'ok' as const, db, version: app.config.version });
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        operationId: 'health_ready',
        tags: ['site'],
        summary: 'Readiness for traffic: the database, Redis (when used) and the media storage answer, and the process is not draining',
        response: { 200: Envelope(Readiness), 503: ErrorBody },
      },
    },
    async (_request, reply) => {
      if (app.draining)
        return reply.code(503).send({ statusCode: 503, error: 'DRAINING', message: 'This process is shutting down: send requests to another.' });
      const redis = app.redis;
      const [database, redisUp, storage] = await Promise.all([
        within(() => ping(app.database.db)),
        redis ? within(async () => (await redis.client.ping()) === 'PONG') : Promise.resolve(null),
        // A key that is never stored: "not there" is an answer, an error or a timeout is not.
        within(async () => (await app.media.storage.stat('tessera-ready-check')) === null),
      ]);
      const down = Object.entries({ database, Redis: redisUp, 'media storage': storage }).filter(([, up]) => up === false);
      if (down.length)
        return reply.code(503).send({ statusCode: 503, error: 'NOT_READY', message: `Not ready: ${down.map(([name]) => name).join(', ')} unreachable.` });
      return ok({ status: 'ready' as const, database, redis: redisUp, storage });
    },
  );
}
