import type { FastifyInstance } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';
import { EMAIL_NOT_VERIFIED, TWO_FACTOR_REQUIRED } from '../../shared/messages.ts';
import { sessionTokenFromHeader } from '../lib/auth/sessions.ts';
import { lookUpOnce } from '../lib/auth/session-memo.ts';
import type { AuthContext } from '../modules/auth/auth.service.ts';

/** The session of an `Authorization` header's token (once for all the reads of one page render, lib/auth/session-memo.ts), or null. */
export async function sessionOf(app: FastifyInstance, authorization: string | undefined): Promise<AuthContext | null> {
  const token = sessionTokenFromHeader(authorization);
  return token ? await lookUpOnce(token, () => app.services.auth.authenticate(token)) : null;
}

/** 401 without a session. */
export function requireSession(auth: AuthContext | null): asserts auth is AuthContext {
  if (!auth) throw unauthorized('Your session has expired or you are not logged in.');
}

/** 401 without a session, 403 for a member who is not an admin. */
export function requireAdminSession(auth: AuthContext | null): void {
  requireSession(auth);
  if (!auth.user.roles.includes('admin')) throw forbidden('Only an admin can do this.');
}

/**
 * After an admin's check, on every back-office call: where the operator requires a second factor of admins
 * (`requireAdminTwoFactor`), an admin without one is refused until they turn it on at /account/security.
 */
export async function requireAdminSecondFactor(app: FastifyInstance, auth: AuthContext): Promise<void> {
  const { twoFactor } = app.services;
  if ((await twoFactor.required(auth.user)) && !(await twoFactor.isOn(auth.user.id))) throw forbidden(TWO_FACTOR_REQUIRED, 'TWO_FACTOR_REQUIRED');
}

/** After a session check, on every call that spends or pays: the operator may require a verified e-mail first. */
export async function requireVerifiedPurchaser(app: FastifyInstance, auth: AuthContext): Promise<void> {
  if (auth.user.verifiedEmail) return;
  if (await app.services.settings.get<boolean>('requireEmailVerification')) throw forbidden(EMAIL_NOT_VERIFIED, 'EMAIL_NOT_VERIFIED');
}

/** Resolves `Authorization: <token>` (or `Bearer <token>`) to `request.auth` for every API request. */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.headers.authorization) request.auth = await sessionOf(app, request.headers.authorization);
  });
  app.decorate('requireAuth', async (request) => requireSession(request.auth));
  app.decorate('requireAdmin', async (request) => {
    requireAdminSession(request.auth);
    await requireAdminSecondFactor(app, request.auth!);
  });
  app.decorate('requirePurchaser', async (request) => requireVerifiedPurchaser(app, request.auth!));
}
