import { Type } from 'typebox';
import { AuthService } from './auth.service.ts';
import { LoginBody, LoginResult } from '../../../shared/contracts/auth.ts';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { AppError } from '../../errors.ts';
import { ok, type App } from '../../types.ts';

const tooMany = (_req: unknown, ctx: { after: string; ttl: number }) =>
  new AppError(429, 'RATE_LIMITED', `Too many login attempts. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`);

export async function authRoutes(app: App) {
  const { perIp, perAccount, windowMs } = app.config.loginRateLimit;
  const errors = { 400: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody };

  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], summary: 'Log in with username or email and password', body: LoginBody, response: { 200: Envelope(LoginResult), ...errors } },
      // Two limits: per client address (before the body is read) and per account (keyed by the login name).
      onRequest: app.rateLimit({ max: perIp, timeWindow: windowMs, groupId: 'login-ip', errorResponseBuilder: tooMany }),
      preHandler: app.rateLimit({
        max: perAccount,
        timeWindow: windowMs,
        groupId: 'login-account',
        keyGenerator: (req) => `acct:${AuthService.loginName(req.body as LoginBody).toLowerCase()}`,
        errorResponseBuilder: tooMany,
      }),
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
