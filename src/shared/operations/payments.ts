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
  gateways: op<object, PaymentGateways>('payments_gateways', 'GET', '/payment/gateways'),
  packages: op<{ query: ListQuery }, ListResult<TokenPackage>>('token_packages_search', 'GET', '/package/token/search'),
  purchaseTokens: op<{ body: PurchaseTokensBody }, PurchaseTokensResult>('payments_purchase_tokens', 'POST', '/payment/purchase-tokens'),
  search: op<{ query: PaymentSearchQuery }, ListResult<PaymentTransaction>>('payments_search', 'GET', '/payment/transactions'),
  userSearch: op<{ query: PaymentSearchQuery }, ListResult<PaymentTransaction>>('transactions_user_search', 'GET', '/transactions/user/search'),
  get: op<{ params: { id: string } }, PaymentTransaction>('payments_get', 'GET', '/payment/transactions/:id'),
  testGateway: op<{ params: { id: string; action: 'confirm' | 'cancel' } }, TestCheckoutResult>(
    'payments_test_gateway',
    'POST',
    '/payment/test-gateway/:id/:action',
  ),
};
