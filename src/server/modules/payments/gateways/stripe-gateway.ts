import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { readCheckoutEvent, verifySignedEvent, type CheckoutRequest, type CheckoutSession, type GatewayEvent, type PaymentGateway } from './gateway.ts';

export interface StripeGatewayConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (a local server speaking Stripe's API in tests). */
  apiBase: URL | null;
}

/** Stripe Checkout Sessions through the official SDK; webhooks verified with the SDK. */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  constructor(config: StripeGatewayConfig) {
    const base = config.apiBase;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }
        : {}),
    });
    this.webhookSecret = config.webhookSecret;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountMinor,
              product_data: { name: request.packageName, description: `${request.tokens} tokens` },
            },
          },
        ],
        client_reference_id: request.paymentId,
        metadata: { paymentId: request.paymentId },
        customer_email: request.email,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      // A retried create (network error) returns the same session.
      { idempotencyKey: `checkout-${request.paymentId}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { paymentUrl: session.url, providerRef: session.id };
  }

  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): GatewayEvent {
    return readCheckoutEvent(verifySignedEvent(this.stripe.webhooks, rawBody, headers['stripe-signature'], this.webhookSecret, 'Stripe-Signature') as never);
  }
}
