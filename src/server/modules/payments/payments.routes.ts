import { Type } from 'typebox';
import { Envelope, ErrorBody, ListPayload, ListQuery } from '../../../shared/contracts/common.ts';
import {
  PaymentSearchQuery,
  PaymentTransaction,
  PurchaseTokensBody,
  PurchaseTokensResult,
  TestCheckoutResult,
  TokenPackage,
} from '../../../shared/contracts/tokens.ts';
import { AppError, badRequest } from '../../errors.ts';
import { keyedLimit } from '../../lib/limits.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { ok, type App } from '../../types.ts';
import { viewerOf } from '../catalogue/access.ts';
import { type TestGateway } from './gateways/test-gateway.ts';
import { PAYMENT_CANCEL_ROUTE, PAYMENT_SUCCESS_ROUTE } from '../../../shared/routes.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export async function paymentsRoutes(app: App) {
  const payments = app.services.payments;
  const member = { preHandler: app.requireAuth };
  // Pending payments cost a provider call each: a member may start a few per minute.
  const purchaseLimit = keyedLimit(app, { what: 'payments started', max: 20, windowMs: 60_000, key: (req) => `purchase:${req.auth?.user.id}` });

  app.get(
    '/package/token/search',
    {
      schema: {
        operationId: 'token_packages_search',
        tags: ['payments'],
        summary: 'Active token packages, in display order',
        querystring: ListQuery,
        response: { 200: Envelope(ListPayload(TokenPackage)), 400: ErrorBody },
      },
    },
    async (request) => ok(await payments.packages(request.query.limit ?? 50, request.query.offset ?? 0)),
  );
  app.post(
    '/payment/purchase-tokens',
    {
      schema: {
        operationId: 'payments_purchase_tokens',
        tags: ['payments'],
        summary: 'Start buying a token package: a pending payment and the URL to pay at',
        body: PurchaseTokensBody,
        response: { 200: Envelope(PurchaseTokensResult), ...errors, 502: ErrorBody, 503: ErrorBody },
      },
      preHandler: [app.requireAuth, app.requirePurchaser, purchaseLimit],
    },
    async (request) => {
      return ok(await payments.purchase(request.auth!.user, request.body, publicOrigin(app)));
    },
  );
  for (const [url, operationId] of [
    ['/payment/transactions', 'payments_search'],
    ['/transactions/user/search', 'transactions_user_search'],
  ]) {
    app.get(
      url,
      {
        schema: {
          operationId,
          tags: ['payments'],
          summary: "The member's payments (money in), newest first",
          querystring: PaymentSearchQuery,
          response: { 200: Envelope(ListPayload(PaymentTransaction)), ...errors },
        },
        ...member,
      },
      async (request) => ok(await payments.list(request.auth!.user.id, request.query)),
    );
  }
  app.get(
    '/payment/transactions/:id',
    {
      schema: {
        operationId: 'payments_get',
        tags: ['payments'],
        summary: 'One payment (its owner or an admin)',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: Envelope(PaymentTransaction), ...errors },
      },
      ...member,
    },
    async (request) => ok(await payments.get(viewerOf(request.auth)!, request.params.id)),
  );

  // Webhooks read the raw body: the signature is over the exact bytes the provider sent.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    webhooks.post(
      '/payment/webhook/:gateway',
      {
        schema: {
          operationId: 'payments_webhook',
          tags: ['payments'],
          summary: "A payment provider's signed event (Stripe: Stripe-Signature)",
          params: Type.Object({ gateway: Type.String({ maxLength: 20 }) }),
          response: { 200: Envelope(Type.Object({ received: Type.Boolean(), replayed: Type.Boolean() })), 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('A webhook needs a body.');
        const { gateway } = request.params as { gateway: string };
        const result = await payments.handleWebhook(gateway, request.body, request.headers);
        return ok({ received: true, replayed: result.replayed });
      },
    );
  });

  // The built-in test gateway's checkout buttons: the "provider" signs its event and delivers it to the webhook above.
  app.post(
    '/payment/test-gateway/:id/:action',
    {
      schema: {
        operationId: 'payments_test_gateway',
        tags: ['payments'],
        summary: 'Test gateway: confirm or cancel a pending payment (delivered as a signed webhook)',
        params: Type.Object({ id: Type.String({ format: 'uuid' }), action: Type.Union([Type.Literal('confirm'), Type.Literal('cancel')]) }),
        response: { 200: Envelope(TestCheckoutResult), ...errors, 409: ErrorBody },
      },
      ...member,
    },
    async (request) => {
      const gateway = payments.gateway('test') as TestGateway;
      const payment = await payments.owned({ id: request.auth!.user.id, isAdmin: false }, request.params.id);
      if (payment.gateway !== 'test') throw badRequest('This payment is not a test-gateway payment.');
      if (payment.status === 'pending') {
        const { body, headers } = gateway.signedEvent(payment, request.params.action === 'confirm' ? 'paid' : 'cancelled');
        const delivery = await app.inject({ method: 'POST', url: '/api/payment/webhook/test', headers, payload: body });
        if (delivery.statusCode !== 200) throw new AppError(502, 'GATEWAY_ERROR', 'The test gateway could not deliver its event.');
      }
      const after = await payments.owned({ id: request.auth!.user.id, isAdmin: false }, request.params.id);
      const route = after.status === 'success' ? PAYMENT_SUCCESS_ROUTE : PAYMENT_CANCEL_ROUTE;
      return ok({ redirectUrl: `${route}?payment=${after.id}`, status: after.status });
    },
  );
}
