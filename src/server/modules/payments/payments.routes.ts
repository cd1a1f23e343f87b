import { Type } from 'typebox';
import { Envelope, ErrorBody } from '../../../shared/contracts/common.ts';
import { badRequest } from '../../errors.ts';
import { ok, type App } from '../../types.ts';
import { PAYMENTS_RAW } from '../../../shared/operations/payments.ts';

/**
 * The payment call that stays a route (the rest are operations, payments.operations.ts): a provider's webhook reads
 * the raw body, since the signature is over the exact bytes the provider sent.
 */
export async function paymentsRoutes(app: App) {
  const payments = app.services.payments;
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    webhooks.post(
      PAYMENTS_RAW.webhook.path,
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
}
