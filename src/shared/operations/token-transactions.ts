import type { ListResult } from '../api-client.ts';
import type { CatalogueItem } from '../cards.ts';
import type { CheckoutBody, CheckoutResult } from '../contracts/orders.ts';
import type { MyPurchaseQuery, TokenTransaction, TokenTransactionSearchQuery } from '../contracts/tokens.ts';
import { op } from './operation.ts';

type Id = { params: { id: string } };

/** Spending tokens (SPEC.md: /token-transactions, /assets/my-purchase); an `Idempotency-Key` header makes a retry spend nothing more. */
export const TOKEN_TRANSACTIONS = {
  unlockVideo: op<Id, TokenTransaction>('POST', '/token-transactions/video/:id'),
  unlockGallery: op<Id, TokenTransaction>('POST', '/token-transactions/gallery/:id'),
  unlockStory: op<Id, TokenTransaction>('POST', '/token-transactions/stories/:id'),
  checkout: op<{ body: CheckoutBody }, CheckoutResult>('POST', '/token-transactions/products'),
  search: op<{ query: TokenTransactionSearchQuery }, ListResult<TokenTransaction>>('GET', '/token-transactions/user/search'),
  myPurchases: op<{ query: MyPurchaseQuery }, ListResult<CatalogueItem>>('GET', '/assets/my-purchase'),
};
