/**
 * One domain of the API calls (shared/calls.ts): closing the account. Apart from calls/security.ts, whose login step
 * needs the AUTH table: the closing form's island then shares no chunk with the first view's.
 */
import type { ApiClient } from '../api-client.ts';
import type { CloseAccountBody } from '../contracts/account-closure.ts';
import { ACCOUNT_CLOSURE } from '../operations/security.ts';

export const closureTerms = (api: ApiClient) => api.call(ACCOUNT_CLOSURE.terms, {});
export const closeAccount = (api: ApiClient, body: CloseAccountBody) => api.call(ACCOUNT_CLOSURE.close, { body });
