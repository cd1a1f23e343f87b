import type { MessageResult } from '../contracts/accounts.ts';
import type { LoginResult } from '../contracts/auth.ts';
import type {
  AddPasskeyBody,
  PasskeyCreationOptions,
  PasskeyLoginBody,
  PasskeyRequestOptions,
  PasskeyView,
  RemovePasskeyBody,
  RenamePasskeyBody,
} from '../contracts/passkeys.ts';
import type { ListResult } from '../api-client.ts';
import { op } from './operation.ts';

/**
 * Passkeys (issue 36), apart from AUTH so the login page's first view does not carry this table: a member adds, names and removes them on /account/security, and logs in with one instead of a
 * password (a passkey is both factors). Each ceremony is two calls: its options (a single-use challenge), then the
 * browser's answer.
 */
export const PASSKEYS = {
  list: op<object, ListResult<PasskeyView>>('GET', '/auth/passkeys'),
  addOptions: op<object, PasskeyCreationOptions>('POST', '/auth/passkeys/options'),
  add: op<{ body: AddPasskeyBody }, PasskeyView>('POST', '/auth/passkeys'),
  rename: op<{ params: { id: string }; body: RenamePasskeyBody }, PasskeyView>('PATCH', '/auth/passkeys/:id'),
  remove: op<{ params: { id: string }; body: RemovePasskeyBody }, MessageResult>('POST', '/auth/passkeys/:id/remove'),
  loginOptions: op<object, PasskeyRequestOptions>('POST', '/auth/login/passkey/options'),
  login: op<{ body: PasskeyLoginBody }, LoginResult>('POST', '/auth/login/passkey'),
};
