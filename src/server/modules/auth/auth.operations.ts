import { Type } from 'typebox';
import { LoginAnswer, LoginBody, LoginResult, SecondFactorBody, SessionView } from '../../../shared/contracts/auth.ts';
import { ListPayload, UuidParams } from '../../../shared/contracts/common.ts';
import { AUTH } from '../../../shared/operations/auth.ts';
import { DEVICES } from '../../../shared/operations/security.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

export function authOperations(app: App) {
  const { auth, countryBlock } = app.services;
  /** Where a login comes from: its address, browser and country (the member's list of devices shows them). */
  const from = (ip: string, headers: Record<string, string | string[] | undefined>) => ({
    ip,
    userAgent: typeof headers['user-agent'] === 'string' ? headers['user-agent'] : undefined,
    country: countryBlock.country({ ip, headers }),
  });
  return operations(AUTH, {
    // Failed attempts are limited per account (whatever name was typed) and per address in AuthService.login.
    login: {
      operationId: 'auth_login',
      summary: 'Log in with username or email and password (a second factor on: no session yet, the ticket of the code step)',
      tags: ['auth'],
      access: 'anyone',
      body: LoginBody,
      response: LoginAnswer,
      errors: [400, 403, 422, 429],
      run: ({ body }, { ip, headers }) => auth.login(body, from(ip, headers)),
    },
    // Wrong codes are limited per account in TwoFactorService, like passwords.
    secondFactor: {
      operationId: 'auth_login_second_factor',
      summary: "A login's second step: the ticket and a code of the authenticator app or a recovery code; a session",
      tags: ['auth'],
      access: 'anyone',
      body: SecondFactorBody,
      response: LoginResult,
      errors: [400, 403, 429],
      run: ({ body }, { ip, headers }) => auth.secondFactor(body, from(ip, headers)),
    },
    logout: {
      operationId: 'auth_logout',
      summary: 'End this session on the server',
      tags: ['auth'],
      access: 'member',
      response: Type.Object({ success: Type.Boolean() }),
      errors: [401],
      run: async (_input, ctx) => ({ success: await auth.logout(ctx.auth!) }),
    },
    logoutEverywhere: {
      operationId: 'auth_logout_all',
      summary: 'Log out everywhere: end every session of mine, this one included; their live connections close',
      tags: ['auth'],
      access: 'member',
      response: Type.Object({ success: Type.Boolean(), ended: Type.Integer() }),
      errors: [401],
      run: async (_input, ctx) => ({ success: true, ended: await auth.logoutEverywhere(ctx.auth!) }),
    },
  });
}

/** The member's devices (their sessions): DevicesService. */
export function devicesOperations(app: App) {
  const { devices } = app.services;
  return operations(DEVICES, {
    sessions: {
      operationId: 'auth_sessions',
      summary: 'Where I am logged in: my sessions with their device, rough place and last use, this one marked',
      tags: ['auth'],
      access: 'member',
      response: ListPayload(SessionView),
      errors: [401],
      run: (_input, ctx) => devices.list(ctx.auth!),
    },
    endSession: {
      operationId: 'auth_end_session',
      summary: 'Log out one of my sessions; its live connections close at once (404: not one of mine, or ended)',
      tags: ['auth'],
      access: 'member',
      params: UuidParams,
      response: Type.Object({ success: Type.Boolean() }),
      errors: [400, 401, 404],
      run: ({ params }, ctx) => devices.end(ctx.auth!, params.id),
    },
    endOtherSessions: {
      operationId: 'auth_end_other_sessions',
      summary: 'Log out every session of mine but this one; their live connections close at once',
      tags: ['auth'],
      access: 'member',
      response: Type.Object({ success: Type.Boolean(), ended: Type.Integer() }),
      errors: [401],
      run: (_input, ctx) => devices.endOthers(ctx.auth!),
    },
  });
}
