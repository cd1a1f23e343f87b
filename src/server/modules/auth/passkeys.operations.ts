import { LoginResult } from '../../../shared/contracts/auth.ts';
import {
  AddPasskeyBody,
  PasskeyCreationOptions,
  PasskeyLoginBody,
  PasskeyRequestOptions,
  PasskeyView,
  RemovePasskeyBody,
  RenamePasskeyBody,
} from '../../../shared/contracts/passkeys.ts';
import { MessageResult } from '../../../shared/contracts/accounts.ts';
import { ListPayload, UuidParams } from '../../../shared/contracts/common.ts';
import { PASSKEYS } from '../../../shared/operations/passkeys.ts';
import { operations } from '../../operations/define.ts';
import type { App } from '../../types.ts';

/** Passkeys (issue 36): the member's list on /account/security, and the login page's "Log in with a passkey". */
export function passkeysOperations(app: App) {
  const { passkeys, countryBlock } = app.services;
  const from = (ip: string, headers: Record<string, string | string[] | undefined>) => ({
    ip,
    userAgent: typeof headers['user-agent'] === 'string' ? headers['user-agent'] : undefined,
    country: countryBlock.country({ ip, headers }),
  });
  return operations(PASSKEYS, {
    list: {
      operationId: 'passkeys_list',
      summary: 'My passkeys: each one’s name, when it was added and last used to log in',
      tags: ['auth'],
      access: 'member',
      response: ListPayload(PasskeyView),
      errors: [401],
      run: (_input, ctx) => passkeys.list(ctx.auth!.user),
    },
    addOptions: {
      operationId: 'passkeys_add_options',
      summary: 'Start adding a passkey: the options for navigator.credentials.create (a single-use challenge, 5 minutes)',
      tags: ['auth'],
      access: 'member',
      response: PasskeyCreationOptions,
      errors: [401],
      run: (_input, ctx) => passkeys.addOptions(ctx.auth!.user),
    },
    add: {
      operationId: 'passkeys_add',
      summary: 'Add a passkey: its name and the browser’s new credential (answering my latest challenge)',
      tags: ['auth'],
      access: 'member',
      body: AddPasskeyBody,
      response: PasskeyView,
      errors: [400, 401, 409],
      run: ({ body }, ctx) => passkeys.add(ctx.auth!.user, body),
    },
    rename: {
      operationId: 'passkeys_rename',
      summary: 'Rename one of my passkeys (404: not one of mine)',
      tags: ['auth'],
      access: 'member',
      params: UuidParams,
      body: RenamePasskeyBody,
      response: PasskeyView,
      errors: [400, 401, 404],
      run: ({ params, body }, ctx) => passkeys.rename(ctx.auth!.user, params.id, body.name),
    },
    // Wrong passwords are limited per account in PasskeysService, like a login's.
    remove: {
      operationId: 'passkeys_remove',
      summary: 'Remove one of my passkeys, with my password; it no longer logs in (404: not one of mine)',
      tags: ['auth'],
      access: 'member',
      params: UuidParams,
      body: RemovePasskeyBody,
      response: MessageResult,
      errors: [400, 401, 404, 429],
      run: ({ params, body }, ctx) => passkeys.remove(ctx.auth!.user, params.id, body.password),
    },
    loginOptions: {
      operationId: 'auth_login_passkey_options',
      summary: 'Start a login with a passkey: the options for navigator.credentials.get (a single-use challenge, 5 minutes)',
      tags: ['auth'],
      access: 'anyone',
      response: PasskeyRequestOptions,
      errors: [],
      run: () => passkeys.loginOptions(),
    },
    login: {
      operationId: 'auth_login_passkey',
      summary: 'Log in with a passkey (both factors: no code step); the browser’s signature over a live login challenge',
      tags: ['auth'],
      access: 'anyone',
      body: PasskeyLoginBody,
      response: LoginResult,
      errors: [400, 403],
      run: ({ body }, ctx) => passkeys.login(body, from(ctx.ip, ctx.headers)),
    },
  });
}
