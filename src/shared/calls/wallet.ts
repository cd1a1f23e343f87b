/** One domain of the API calls (shared/calls.ts). Tokens: packages, payments, unlocks, a cart's checkout, the member's transactions, balance changes and purchases. */
import type { ApiClient } from '../api-client.ts';
import type { MyPurchaseQuery, PaymentSearchQuery, PurchaseTokensBody, TokenTransactionSearchQuery } from '../contracts/tokens.ts';
import type { CheckoutBody } from '../contracts/orders.ts';
import type { BalanceChangeQuery } from '../contracts/ledger.ts';
import { PAYMENTS } from '../operations/payments.ts';
import { TOKEN_TRANSACTIONS } from '../operations/token-transactions.ts';
import { LEDGER } from '../operations/ledger.ts';

/** The unlock call of each lockable kind (SPEC.md: /token-transactions/video|gallery|stories/{id}). */
const UNLOCKS = { video: TOKEN_TRANSACTIONS.unlockVideo, gallery: TOKEN_TRANSACTIONS.unlockGallery, story: TOKEN_TRANSACTIONS.unlockStory } as const;
export type UnlockKind = keyof typeof UNLOCKS;
const idem = (key?: string) => (key ? { headers: { 'idempotency-key': key } } : undefined);

export const tokenPackages = (api: ApiClient) => api.call(PAYMENTS.packages, { query: { limit: 50 } });
export const paymentGateways = (api: ApiClient) => api.call(PAYMENTS.gateways, {});
export const purchaseTokens = (api: ApiClient, body: PurchaseTokensBody) => api.call(PAYMENTS.purchaseTokens, { body });
export const payment = (api: ApiClient, id: string) => api.call(PAYMENTS.get, { params: { id } });
export const payments = (api: ApiClient, query: PaymentSearchQuery = {}) => api.call(PAYMENTS.search, { query });
export const testCheckout = (api: ApiClient, id: string, action: 'confirm' | 'cancel') => api.call(PAYMENTS.testGateway, { params: { id, action } });
export const unlock = (api: ApiClient, kind: UnlockKind, id: string, idempotencyKey?: string) =>
  api.call(UNLOCKS[kind], { params: { id } }, idem(idempotencyKey));
export const checkout = (api: ApiClient, body: CheckoutBody, idempotencyKey?: string) => api.call(TOKEN_TRANSACTIONS.checkout, { body }, idem(idempotencyKey));
export const tokenTransactions = (api: ApiClient, query: TokenTransactionSearchQuery = {}) => api.call(TOKEN_TRANSACTIONS.search, { query });
export const balanceChanges = (api: ApiClient, query: BalanceChangeQuery = {}) => api.call(LEDGER.balanceChanges, { query });
export const myPurchases = (api: ApiClient, query: MyPurchaseQuery) => api.call(TOKEN_TRANSACTIONS.myPurchases, { query });
