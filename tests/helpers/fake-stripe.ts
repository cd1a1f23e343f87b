import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
}

/**
 * A local HTTP server that speaks the part of Stripe's API the gateway uses (POST /v1/checkout/sessions, form-encoded,
 * Bearer secret key, Idempotency-Key), and signs events with Stripe's webhook scheme for the app's webhook.
 */
export class FakeStripe {
  readonly secretKey = 'sk_test_tessera_fake';
  readonly webhookSecret = 'whsec_tessera_fake';
  readonly sessions = new Map<string, FakeSession>();
  readonly requests: { path: string; auth: string | undefined; idempotencyKey: string | undefined; form: URLSearchParams }[] = [];
  private server: http.Server | null = null;
  private byIdempotencyKey = new Map<string, FakeSession>();
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => this.handle(req, body, res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private handle(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
    const form = new URLSearchParams(body);
    const auth = req.headers.authorization;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ path: req.url ?? '', auth, idempotencyKey, form });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
      res.end(JSON.stringify(json));
    };
    if (auth !== `Bearer ${this.secretKey}`) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      if (idempotencyKey && this.byIdempotencyKey.has(idempotencyKey)) return send(200, this.byIdempotencyKey.get(idempotencyKey));
      const unit = Number(form.get('line_items[0][price_data][unit_amount]'));
      if (!form.get('success_url') || !form.get('cancel_url') || !(unit > 0) || form.get('mode') !== 'payment') {
        return send(400, { error: { type: 'invalid_request_error', message: 'Missing required param' } });
      }
      const id = `cs_test_${Math.random().toString(36).slice(2, 14)}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `${this.url}/pay/${id}`,
        amount_total: unit * Number(form.get('line_items[0][quantity]') ?? 1),
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        client_reference_id: form.get('client_reference_id'),
        metadata: { paymentId: form.get('metadata[paymentId]') ?? '' },
        payment_status: 'unpaid',
        status: 'open',
        success_url: form.get('success_url')!,
        cancel_url: form.get('cancel_url')!,
        customer_email: form.get('customer_email'),
      };
      this.sessions.set(id, session);
      if (idempotencyKey) this.byIdempotencyKey.set(idempotencyKey, session);
      return send(200, session);
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
  }

  /** The signed webhook Stripe would send when the customer finished (or abandoned) a session. */
  event(
    sessionId: string,
    type: 'checkout.session.completed' | 'checkout.session.expired' | 'checkout.session.async_payment_failed',
    overrides: Partial<FakeSession> = {},
  ) {
    const session = this.sessions.get(sessionId)!;
    const object = {
      ...session,
      ...(type === 'checkout.session.completed' ? { payment_status: 'paid', status: 'complete' } : { status: 'expired' }),
      ...overrides,
    };
    const payload = JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2, 14)}`,
      object: 'event',
      api_version: '2025-01-27',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret }) };
  }
}
