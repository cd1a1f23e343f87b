import { Type } from 'typebox';
import { LoginBody, LoginResult } from '../../../shared/contracts/auth.ts';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { ok, type App } from '../../types.ts';

export async function authRoutes(app: App) {
  // Failed attempts are limited per account (whatever name was typed) and per address in AuthService.login.
  const errors = { 400: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody };
  app.post(
    '/auth/login',
    {
      schema: {
        operationId: 'auth_login',
        tags: ['auth'],
        summary: 'Log in with username or email and password',
        body: LoginBody,
        response: { 200: Envelope(LoginResult), ...errors },
      },
    },
    async (request) => ok(await app.services.auth.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] })),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'auth_logout',
        tags: ['auth'],
        summary: 'End this session on the server',
        response: { 200: Envelope(Type.Object({ success: Type.Boolean() })), 401: ErrorBody },
      },
      preHandler: app.requireAuth,
    },
    async (request) => ok({ success: await app.services.auth.logout(request.auth!) }),
  );

  app.post(
    '/auth/logout-all',
    {
      schema: {
        operationId: 'auth_logout_all',
        tags: ['auth'],
        summary: 'Log out everywhere: end every session of mine, this one included; their live connections close',
        response: { 200: Envelope(Type.Object({ success: Type.Boolean(), ended: Type.Integer() })), 401: ErrorBody },
      },
      preHandler: app.requireAuth,
    },
    async (request) => ok({ success: true, ended: await app.services.auth.logoutEverywhere(request.auth!) }),
  );
}
