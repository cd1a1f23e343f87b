import type { IncomingHttpHeaders } from 'node:http';
import type Stripe from 'stripe';
import type { GatewayName } from '../../../../shared/contracts/tokens.ts';

export interface CheckoutRequest {
  paymentId: string;
  email: string;
  packageName: string;
  tokens: number;
  amountMinor: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  /** Where the member's browser goes to pay. */
  paymentUrl: string;
  /** The provider's id of the checkout. */
  providerRef: string;
}

/** What a verified webhook event means for one of our payments. */
export interface GatewayEvent {
  eventId: string;
  /** The provider's own event type, kept in payment_events. */
  rawType: string;
  outcome: 'paid' | 'failed' | 'ignored';
  paymentId: string | null;
  providerRef: string | null;
  /** What the provider says was paid (minor units), when it says. */
  amountMinor: number | null;
}

/** Thrown for a webhook whose signature does not verify (→ 400, nothing changes). */
export class ForgedWebhookError extends Error {}

/** Stripe's default: a signed event older than five minutes is refused, and so is one dated more than that ahead. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Verifies a Stripe-style signature header (`t=…,v1=…`) over the raw body and returns the event. The SDK refuses
 * old timestamps only; a timestamp in the future beyond the tolerance is refused here too.
 */
export function verifySignedEvent(webhooks: Stripe.Webhooks, rawBody: Buffer, header: string | string[] | undefined, secret: string, name: string): unknown {
  if (typeof header !== 'string') throw new ForgedWebhookError(`Missing ${name} header`);
  const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1]);
  if (timestamp > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS) throw new ForgedWebhookError('Timestamp is in the future, outside the tolerance zone');
  try {
    return webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (err) {
    throw new ForgedWebhookError((err as Error).message);
  }
}

/** One payment provider. Every gateway settles through a signed webhook, the built-in test one included. */
export interface PaymentGateway {
  readonly name: GatewayName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies the signature over the raw body and reads the event; throws ForgedWebhookError. */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): GatewayEvent;
}

/** The subset of a Stripe event (and of the test gateway's, which uses the same shape) that settlement reads. */
interface CheckoutEventShape {
  id: string;
  type: string;
  data: {
    object: {
      id?: string;
      client_reference_id?: string | null;
      metadata?: Record<string, string> | null;
      payment_status?: string;
      amount_total?: number | null;
    };
  };
}

/** Reads a Checkout Session event (Stripe's shape, shared by the test gateway). */
export function readCheckoutEvent(event: CheckoutEventShape): GatewayEvent {
  const session = event.data?.object ?? {};
  const paid =
    (event.type === 'checkout.session.completed' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')) ||
    event.type === 'checkout.session.async_payment_succeeded';
  const failed = event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed';
  return {
    eventId: event.id,
    rawType: event.type,
    outcome: paid ? 'paid' : failed ? 'failed' : 'ignored',
    paymentId: session.client_reference_id ?? session.metadata?.paymentId ?? null,
    providerRef: session.id ?? null,
    amountMinor: typeof session.amount_total === 'number' ? session.amount_total : null,
  };
}
