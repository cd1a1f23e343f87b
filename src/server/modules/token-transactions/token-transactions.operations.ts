import type { IncomingHttpHeaders } from 'node:http';
import { Type } from 'typebox';
import { IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { CheckoutBody, CheckoutResult } from '../../../shared/contracts/orders.ts';
import { MyPurchaseQuery, TokenTransaction, TokenTransactionSearchQuery } from '../../../shared/contracts/tokens.ts';
import { TOKEN_TRANSACTIONS } from '../../../shared/operations/token-transactions.ts';
import { operations, type ErrorStatus, type OperationSpec } from '../../operations/define.ts';
import type { App } from '../../types.ts';
import { myPurchases } from './my-purchases.ts';
import type { UnlockKind } from './token-transactions.service.ts';

/** `Idempotency-Key`: a retried request with the same key gets the first request's answer and spends nothing more. */
const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' })) });
const errors: ErrorStatus[] = [400, 401, 404, 409, 422];
const idempotencyKey = (headers: IncomingHttpHeaders) => headers['idempotency-key'] as string | undefined;

export function tokenTransactionsOperations(app: App) {
  const service = app.services.tokenTransactions;
  const unlock = (kind: UnlockKind, operationId: string): OperationSpec<{ params: { id: string } }, TokenTransaction> => ({
    operationId,
    summary: `Unlock a ${kind} with tokens (409 owned, 400 free, 422 balance too low)`,
    tags: ['tokens'],
    access: 'purchaser',
    params: IdParams,
    headers: IdempotencyHeaders,
    response: TokenTransaction,
    errors: [...errors, 403],
    run: ({ params }, { auth, headers }) => service.unlock(auth!.user, kind, params.id, idempotencyKey(headers)),
  });
  return operations(TOKEN_TRANSACTIONS, {
    unlockVideo: unlock('video', 'token_transactions_unlock_video'),
    unlockGallery: unlock('gallery', 'token_transactions_unlock_gallery'),
    unlockStory: unlock('story', 'token_transactions_unlock_story'),
    checkout: {
      operationId: 'token_transactions_checkout',
      summary: 'Check out a cart: one debit, stock taken, one order per line; all or nothing',
      tags: ['tokens'],
      access: 'purchaser',
      body: CheckoutBody,
      headers: IdempotencyHeaders,
      response: CheckoutResult,
      errors: [...errors, 403],
      run: async ({ body }, { auth, headers }) => {
        const done = await service.checkout(auth!.user, body, idempotencyKey(headers));
        app.services.orders.placed(auth!.user, done);
        return done;
      },
    },
    search: {
      operationId: 'token_transactions_search',
      summary: "The member's token spends, newest first",
      tags: ['tokens'],
      access: 'member',
      query: TokenTransactionSearchQuery,
      response: ListPayload(TokenTransaction),
      errors,
      run: ({ query }, { auth }) => service.list(auth!.user, query),
    },
    myPurchases: {
      operationId: 'token_transactions_my_purchases',
      summary: "The member's unlocked items of one type (video, gallery, story, product), newest purchase first; `ids`: only those among them",
      tags: ['tokens'],
      access: 'member',
      query: MyPurchaseQuery,
      response: ListPayload(Type.Record(Type.String(), Type.Unknown())),
      errors,
      run: ({ query }, { viewer }) =>
        myPurchases(app.database.db, app.services, viewer!, query.type, { limit: query.limit ?? 12, offset: query.offset ?? 0, ids: query.ids }),
    },
  });
}
