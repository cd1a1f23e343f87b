import type { ListResult } from '../api-client.ts';
import type { CatalogueItem } from '../cards.ts';
import type { CheckoutBody, CheckoutResult } from '../contracts/orders.ts';
import type { MyPurchaseQuery, TokenTransaction, TokenTransactionSearchQuery } from '../contracts/tokens.ts';
import { op } from './operation.ts';

type Id = { params: { id: string } };

/** Spending tokens (SPEC.md: /token-transactions, /assets/my-purchase); an `Idempotency-Key` header makes a retry spend nothing more. */
export const TOKEN_TRANSACTIONS = {
  unlockVideo: op<Id, TokenTransaction>('token_transactions_unlock_video', 'POST', '/token-transactions/video/:id'),
  unlockGallery: op<Id, TokenTransaction>('token_transactions_unlock_gallery', 'POST', '/token-transactions/gallery/:id'),
  unlockStory: op<Id, TokenTransaction>('token_transactions_unlock_story', 'POST', '/token-transactions/stories/:id'),
  checkout: op<{ body: CheckoutBody }, CheckoutResult>('token_transactions_checkout', 'POST', '/token-transactions/products'),
  search: op<{ query: TokenTransactionSearchQuery }, ListResult<TokenTransaction>>('token_transactions_search', 'GET', '/token-transactions/user/search'),
  myPurchases: op<{ query: MyPurchaseQuery }, ListResult<CatalogueItem>>('token_transactions_my_purchases', 'GET', '/assets/my-purchase'),
};
