import { Health } from '../../../shared/contracts/settings.ts';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { ping } from '../../db/client.ts';
import { ok, type App } from '../../types.ts';

export async function healthRoutes(app: App) {
  app.get(
    '/health',
    { schema: { tags: ['site'], summary: 'Liveness and database reachability', response: { 200: Envelope(Health), 503: ErrorBody } } },
    async (_request, reply) => {
      const db = await ping(app.database.db);
      if (!db) return reply.code(503).send({ statusCode: 503, error: 'DB_UNREACHABLE', message: 'The database does not answer.' });
      return ok({ status: 'ok' as const, db, version: app.config.version });
    },
  );
}
