import type { FastifyInstance } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';
import { EMAIL_NOT_VERIFIED } from '../../shared/messages.ts';
import { tokenFromHeader } from '../lib/tokens.ts';
import { lookUpOnce } from '../lib/session-memo.ts';

/**
 * Resolves `Authorization: <token>` (or `Bearer <token>`) to `request.auth` for every API request (once for all the
 * reads of one page render, lib/session-memo.ts).
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (token) request.auth = await lookUpOnce(token, () => app.services.auth.authenticate(token));
  });
  app.decorate('requireAuth', async (request) => {
    if (!request.auth) throw unauthorized('Your session has expired or you are not logged in.');
  });
  // The back office: 401 without a session, 403 for a member who is not an admin.
  app.decorate('requireAdmin', async (request) => {
    if (!request.auth) throw unauthorized('Your session has expired or you are not logged in.');
    if (!request.auth.user.roles.includes('admin')) throw forbidden('Only an admin can do this.');
  });
  // After requireAuth on every call that spends or pays: the operator may require a verified e-mail first.
  app.decorate('requirePurchaser', async (request) => {
    if (request.auth!.user.verifiedEmail) return;
    if (await app.services.settings.get<boolean>('requireEmailVerification')) throw forbidden(EMAIL_NOT_VERIFIED, 'EMAIL_NOT_VERIFIED');
  });
}
