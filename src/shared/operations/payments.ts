import type { ListResult } from '../api-client.ts';
import type {
  PaymentGateways,
  PaymentSearchQuery,
  PaymentTransaction,
  PurchaseTokensBody,
  PurchaseTokensResult,
  TestCheckoutResult,
  TokenPackage,
} from '../contracts/tokens.ts';
import type { ListQuery } from '../contracts/common.ts';
import { op } from './operation.ts';

/** Payments (SPEC.md: /payment, /package); the providers' webhooks stay a route (raw body, signature). */
export const PAYMENTS = {
  gateways: op<object, PaymentGateways>('GET', '/payment/gateways'),
  packages: op<{ query: ListQuery }, ListResult<TokenPackage>>('GET', '/package/token/search'),
  purchaseTokens: op<{ body: PurchaseTokensBody }, PurchaseTokensResult>('POST', '/payment/purchase-tokens'),
  search: op<{ query: PaymentSearchQuery }, ListResult<PaymentTransaction>>('GET', '/payment/transactions'),
  userSearch: op<{ query: PaymentSearchQuery }, ListResult<PaymentTransaction>>('GET', '/transactions/user/search'),
  get: op<{ params: { id: string } }, PaymentTransaction>('GET', '/payment/transactions/:id'),
  testGateway: op<{ params: { id: string; action: 'confirm' | 'cancel' } }, TestCheckoutResult>('POST', '/payment/test-gateway/:id/:action'),
};

/** A route, not an operation (a gateway's raw body, for its signature): its address, written only here. */
export const PAYMENTS_RAW = {
  webhook: op<{ params: { gateway: string } }, { received: boolean; replayed: boolean }>('POST', '/payment/webhook/:gateway'),
};
