import { Type } from 'typebox';
import type { ListResult } from '../../../shared/api-client.ts';
import { ListPayload, ListQuery } from '../../../shared/contracts/common.ts';
import {
  PaymentGateways,
  PaymentSearchQuery,
  PaymentTransaction,
  PurchaseTokensBody,
  PurchaseTokensResult,
  TestCheckoutResult,
  TokenPackage,
} from '../../../shared/contracts/tokens.ts';
import { PAYMENTS } from '../../../shared/operations/payments.ts';
import { PAYMENT_CANCEL_ROUTE, PAYMENT_SUCCESS_ROUTE } from '../../../shared/routes.ts';
import { AppError, badRequest } from '../../errors.ts';
import { keyedLimit } from '../../lib/http/limits.ts';
import { publicOrigin } from '../../lib/http/public-origin.ts';
import { operations, type ErrorStatus, type OperationSpec } from '../../operations/define.ts';
import type { App } from '../../types.ts';
import type { TestGateway } from './gateways/test-gateway.ts';

const errors: ErrorStatus[] = [400, 401, 403, 404, 429];

export function paymentsOperations(app: App) {
  const payments = app.services.payments;
  // Pending payments cost a provider call each: a member may start a few per minute.
  const purchaseLimit = keyedLimit(app, { what: 'payments started', max: 20, windowMs: 60_000, key: (req) => `purchase:${req.auth?.user.id}` });
  const search: Omit<OperationSpec<{ query: PaymentSearchQuery }, ListResult<PaymentTransaction>>, 'operationId'> = {
    summary: "The member's payments (money in), newest first",
    tags: ['payments'],
    access: 'member',
    query: PaymentSearchQuery,
    response: ListPayload(PaymentTransaction),
    errors,
    run: ({ query }, { auth }) => payments.list(auth!.user.id, query),
  };
  return operations(PAYMENTS, {
    gateways: {
      operationId: 'payments_gateways',
      summary: 'The payment gateways enabled on this site',
      tags: ['payments'],
      access: 'anyone',
      response: PaymentGateways,
      errors: [],
      run: () => ({ gateways: payments.gatewayNames() }),
    },
    packages: {
      operationId: 'token_packages_search',
      summary: 'Active token packages, in display order',
      tags: ['payments'],
      access: 'anyone',
      query: ListQuery,
      response: ListPayload(TokenPackage),
      errors: [400],
      run: ({ query }) => payments.packages(query.limit ?? 50, query.offset ?? 0),
    },
    purchaseTokens: {
      operationId: 'payments_purchase_tokens',
      summary: 'Start buying a token package: a pending payment and the URL to pay at',
      tags: ['payments'],
      access: 'purchaser',
      body: PurchaseTokensBody,
      response: PurchaseTokensResult,
      errors: [...errors, 502, 503],
      limits: [purchaseLimit],
      run: ({ body }, { auth }) => payments.purchase(auth!.user, body, publicOrigin(app)),
    },
    search: { operationId: 'payments_search', ...search },
    userSearch: { operationId: 'transactions_user_search', ...search },
    get: {
      operationId: 'payments_get',
      summary: 'One payment (its owner or an admin)',
      tags: ['payments'],
      access: 'member',
      params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
      response: PaymentTransaction,
      errors,
      run: ({ params }, { viewer }) => payments.get(viewer!, params.id),
    },
    // The built-in test gateway's checkout buttons: the "provider" signs its event and delivers it to the webhook
    // (payments.routes.ts).
    testGateway: {
      operationId: 'payments_test_gateway',
      summary: 'Test gateway: confirm or cancel a pending payment (delivered as a signed webhook)',
      tags: ['payments'],
      access: 'member',
      params: Type.Object({ id: Type.String({ format: 'uuid' }), action: Type.Union([Type.Literal('confirm'), Type.Literal('cancel')]) }),
      response: TestCheckoutResult,
      errors: [...errors, 409],
      run: async ({ params }, { auth }) => {
        const gateway = payments.gateway('test') as TestGateway;
        const payment = await payments.owned({ id: auth!.user.id, isAdmin: false }, params.id);
        if (payment.gateway !== 'test') throw badRequest('This payment is not a test-gateway payment.');
        if (payment.status === 'pending') {
          const { body, headers } = gateway.signedEvent(payment, params.action === 'confirm' ? 'paid' : 'cancelled');
          const delivery = await app.inject({ method: 'POST', url: '/api/payment/webhook/test', headers, payload: body });
          if (delivery.statusCode !== 200) throw new AppError(502, 'GATEWAY_ERROR', 'The test gateway could not deliver its event.');
        }
        const after = await payments.owned({ id: auth!.user.id, isAdmin: false }, params.id);
        const route = after.status === 'success' ? PAYMENT_SUCCESS_ROUTE : PAYMENT_CANCEL_ROUTE;
        return { redirectUrl: `${route}?payment=${after.id}`, status: after.status };
      },
    },
  });
}
