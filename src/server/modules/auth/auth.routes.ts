import { Type } from 'typebox';
import { LoginBody, LoginResult } from '../../../shared/contracts/auth.ts';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { addressKey, keyedLimit } from '../../lib/limits.ts';
import { ok, type App } from '../../types.ts';

export async function authRoutes(app: App) {
  // Per address here; per account (whatever name was typed) in AuthService.login.
  const { perIp, windowMs } = app.config.loginRateLimit;
  const errors = { 400: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody };
  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], summary: 'Log in with username or email and password', body: LoginBody, response: { 200: Envelope(LoginResult), ...errors } },
      // Per client address, IPv6 grouped by /64 so that a prefix cannot rotate around it.
      onRequest: keyedLimit(app, { what: 'login attempts', max: perIp, windowMs, key: (request) => addressKey(request.ip) }),
    },
    async (request) => ok(await app.services.auth.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] })),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
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
        tags: ['auth'],
        summary: 'Log out everywhere: end every session of mine, this one included; their live connections close',
        response: { 200: Envelope(Type.Object({ success: Type.Boolean(), ended: Type.Integer() })), 401: ErrorBody },
      },
      preHandler: app.requireAuth,
    },
    async (request) => ok({ success: true, ended: await app.services.auth.logoutEverywhere(request.auth!) }),
  );
}
