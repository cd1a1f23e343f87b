import { Type } from 'typebox';
import { LoginAnswer, LoginBody, LoginResult, SecondFactorBody } from '../../../shared/contracts/auth.ts';
import { AUTH } from '../../../shared/operations/auth.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

export function authOperations(app: App) {
  const auth = app.services.auth;
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
      run: ({ body }, { ip, headers }) => auth.login(body, { ip, userAgent: headers['user-agent'] }),
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
      run: ({ body }, { ip, headers }) => auth.secondFactor(body, { ip, userAgent: headers['user-agent'] }),
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
