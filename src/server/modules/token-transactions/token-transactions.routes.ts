import { Type } from 'typebox';
import { Envelope, ErrorBody, IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { CheckoutBody, CheckoutResult } from '../../../shared/contracts/orders.ts';
import { MyPurchaseQuery, TokenTransaction, TokenTransactionSearchQuery } from '../../../shared/contracts/tokens.ts';
import { ok, type App } from '../../types.ts';
import { viewerOf } from '../catalogue/access.ts';
import { myPurchases } from './my-purchases.ts';
import type { UnlockKind } from './token-transactions.service.ts';

/** `Idempotency-Key`: a retried request with the same key gets the first request's answer and spends nothing more. */
const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' })) });
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

export async function tokenTransactionsRoutes(app: App) {
  const service = app.services.tokenTransactions;
  const member = { preHandler: app.requireAuth };
  const purchaser = { preHandler: [app.requireAuth, app.requirePurchaser] };

  const unlocks: [string, UnlockKind][] = [
    ['/token-transactions/video/:id', 'video'],
    ['/token-transactions/gallery/:id', 'gallery'],
    ['/token-transactions/stories/:id', 'story'],
  ];
  for (const [url, kind] of unlocks) {
    app.post(
      url,
      {
        schema: {
          operationId: `token_transactions_unlock_${kind}`,
          tags: ['tokens'],
          summary: `Unlock a ${kind} with tokens (409 owned, 400 free, 422 balance too low)`,
          params: IdParams,
          headers: IdempotencyHeaders,
          response: { 200: Envelope(TokenTransaction), ...errors, 403: ErrorBody },
        },
        ...purchaser,
      },
      async (request) => ok(await service.unlock(request.auth!.user, kind, request.params.id, request.headers['idempotency-key'])),
    );
  }
  app.post(
    '/token-transactions/products',
    {
      schema: {
        operationId: 'token_transactions_checkout',
        tags: ['tokens'],
        summary: 'Check out a cart: one debit, stock taken, one order per line; all or nothing',
        body: CheckoutBody,
        headers: IdempotencyHeaders,
        response: { 200: Envelope(CheckoutResult), ...errors, 403: ErrorBody },
      },
      ...purchaser,
    },
    async (request) => ok(await service.checkout(request.auth!.user, request.body, request.headers['idempotency-key'])),
  );
  app.get(
    '/token-transactions/user/search',
    {
      schema: {
        operationId: 'token_transactions_search',
        tags: ['tokens'],
        summary: "The member's token spends, newest first",
        querystring: TokenTransactionSearchQuery,
        response: { 200: Envelope(ListPayload(TokenTransaction)), ...errors },
      },
      ...member,
    },
    async (request) => ok(await service.list(request.auth!.user, request.query)),
  );
  app.get(
    '/assets/my-purchase',
    {
      schema: {
        operationId: 'token_transactions_my_purchases',
        tags: ['tokens'],
        summary: "The member's unlocked items of one type (video, gallery, story, product), newest purchase first; `ids`: only those among them",
        querystring: MyPurchaseQuery,
        response: { 200: Envelope(ListPayload(Type.Record(Type.String(), Type.Unknown()))), ...errors },
      },
      ...member,
    },
    async (request) =>
      ok(
        await myPurchases(app.database.db, app.services, viewerOf(request.auth)!, request.query.type, {
          limit: request.query.limit ?? 12,
          offset: request.query.offset ?? 0,
          ids: request.query.ids,
        }),
      ),
  );
}
