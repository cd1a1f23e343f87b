import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { readCheckoutEvent, verifySignedEvent, type CheckoutRequest, type CheckoutSession, type GatewayEvent, type PaymentGateway } from './gateway.ts';

export const TEST_SIGNATURE_HEADER = 'tessera-signature';

/**
 * The built-in test gateway: its "checkout" is a page of this site (/payment/test-checkout/<id>) where the member
 * confirms or cancels. The confirmation is delivered like a real provider's: a Checkout Session event, signed with
 * Stripe's scheme (t=…,v1=HMAC-SHA256) under a secret derived from the app secret, posted to the webhook URL.
 */
export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  private readonly secret: string;
  constructor(appSecret: string) {
    this.secret = createHmac('sha256', appSecret).update('test-gateway-webhook').digest('hex');
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    return { paymentUrl: `/payment/test-checkout/${request.paymentId}`, providerRef: `tcs_${request.paymentId.replaceAll('-', '')}` };
  }

  /** The provider's side: the signed event for a confirmed or cancelled checkout, ready to post to the webhook. */
  signedEvent(
    payment: { id: string; providerRef: string | null; amountMinor: number },
    outcome: 'paid' | 'cancelled',
  ): { body: string; headers: Record<string, string> } {
    const event = {
      id: `evt_test_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: outcome === 'paid' ? 'checkout.session.completed' : 'checkout.session.expired',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: payment.providerRef,
          object: 'checkout.session',
          client_reference_id: payment.id,
          payment_status: outcome === 'paid' ? 'paid' : 'unpaid',
          amount_total: payment.amountMinor,
        },
      },
    };
    const body = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: this.secret });
    return { body, headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature } };
  }

  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): GatewayEvent {
    return readCheckoutEvent(verifySignedEvent(Stripe.webhooks, rawBody, headers[TEST_SIGNATURE_HEADER], this.secret, TEST_SIGNATURE_HEADER) as never);
  }
}
