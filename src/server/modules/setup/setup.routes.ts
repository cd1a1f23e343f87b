import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { SetupBody, SetupResult, SetupStatus } from '../../../shared/contracts/setup.ts';
import { addressKey, keyedLimit } from '../../lib/limits.ts';
import { ok, type App } from '../../types.ts';

/** First run: whether the site still needs its admin, and creating that admin with the setup token. */
export async function setupRoutes(app: App) {
  const { setup } = app.services;
  app.get(
    '/setup/status',
    {
      schema: {
        operationId: 'setup_status',
        tags: ['site'],
        summary: 'Whether the site still needs its first admin (setup token printed at start)',
        response: { 200: Envelope(SetupStatus) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ needed: await setup.needed() });
    },
  );
  app.post(
    '/setup',
    {
      schema: {
        operationId: 'setup_create_admin',
        tags: ['site'],
        summary: 'Create the first admin account with the setup token; answers a session token like a login',
        body: SetupBody,
        response: { 200: Envelope(SetupResult), 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
      preHandler: keyedLimit(app, { what: 'setup attempts', max: 10, windowMs: 10 * 60_000, key: (request) => addressKey(request.ip) }),
    },
    async (request) => ok(await setup.complete(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] })),
  );
}
