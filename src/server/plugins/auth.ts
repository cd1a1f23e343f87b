import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../errors.ts';
import { tokenFromHeader } from '../lib/tokens.ts';

/** Resolves `Authorization: <token>` (or `Bearer <token>`) to `request.auth` for every API request. */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (token) request.auth = await app.services.auth.authenticate(token);
  });
  app.decorate('requireAuth', async (request) => {
    if (!request.auth) throw unauthorized('Your session has expired or you are not logged in.');
  });
}
