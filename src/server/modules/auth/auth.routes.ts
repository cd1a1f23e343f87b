import { Type } from 'typebox';
import { AuthService } from './auth.service.ts';
import { LoginBody, LoginResult } from '../../../shared/contracts/auth.ts';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { rateLimited } from '../../errors.ts';
import { keyedLimit } from '../../lib/limits.ts';
import { ok, type App } from '../../types.ts';

const tooMany = (_req: unknown, ctx: { ttl: number }) => rateLimited('login attempts', ctx.ttl);

export async function authRoutes(app: App) {
  const { perIp, perAccount, windowMs } = app.config.loginRateLimit;
  const errors = { 400: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody };
  // Per account, across addresses (keyed by the login name once the body is read). The plugin runs one limiter per
  // request, so this one is checked by hand after the per-address limiter of the route.
  const accountLimit = keyedLimit(app, {
    what: 'login attempts',
    max: perAccount,
    windowMs,
    key: (req) => `login-account:${AuthService.loginName(req.body as LoginBody).toLowerCase()}`,
  });

  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], summary: 'Log in with username or email and password', body: LoginBody, response: { 200: Envelope(LoginResult), ...errors } },
      // Keyed by the plugin's default: the client address, IPv6 grouped by /64 so a prefix cannot rotate around it.
      onRequest: app.rateLimit({ max: perIp, timeWindow: windowMs, errorResponseBuilder: tooMany }),
      preHandler: accountLimit,
    },
    async (request) => ok(await app.services.auth.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] })),
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'End this session on the server', response: { 200: Envelope(Type.Object({ success: Type.Boolean() })), 401: ErrorBody } },
      preHandler: app.requireAuth,
    },
    async (request) => ok({ success: await app.services.auth.logout(request.auth!) }),
  );
}
