import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden, invalid, notFound, unprocessable } from '../../errors.ts';
import type { EmitToUser } from '../../types.ts';
import { iso } from '../../lib/text/dates.ts';
import { formatMoney, toMajor } from '../../../shared/money.ts';
import type { SiteMail } from '../mail/mailer.ts';
import type {
  GatewayName,
  PaymentSearchQuery,
  PaymentTransaction,
  PurchaseTokensBody,
  PurchaseTokensResult,
  TokenPackage,
} from '../../../shared/contracts/tokens.ts';
import type { ListResult } from '../../../shared/api-client.ts';
import { ACCOUNT_ROUTE, PAYMENT_CANCEL_ROUTE, PAYMENT_SUCCESS_ROUTE } from '../../../shared/routes.ts';
import { applyTokenDelta } from '../ledger/ledger.repository.ts';
import { isUuid } from '../catalogue/query.ts';
import { ForgedWebhookError, type GatewayEvent, type PaymentGateway } from './gateways/gateway.ts';
import { insertRedemption, normalCode, releaseUse } from '../coupons/coupons.repository.ts';
import { redeemCoupon } from '../coupons/redeem.ts';
import * as repo from './payments.repository.ts';
import { markRefunded, memberBalance } from './payments-search.repository.ts';

export const toPackage = (p: repo.PackageRow): TokenPackage => ({
  _id: p.id,
  name: p.name,
  description: p.description,
  tokens: p.tokens,
  price: toMajor(p.priceMinor, p.currency),
  currency: p.currency,
  ordering: p.ordering,
  isActive: p.isActive,
});

export const toPayment = (p: repo.PaymentWithPackage): PaymentTransaction => ({
  _id: p.id,
  packageId: p.packageId,
  packageName: p.packageName,
  gateway: p.gateway,
  amount: toMajor(p.amountMinor, p.currency),
  currency: p.currency,
  tokens: p.tokens,
  status: p.status,
  createdAt: p.createdAt.toISOString(),
  settledAt: iso(p.settledAt),
  couponCode: p.couponCode,
  discount: toMajor(p.discountMinor, p.currency),
});

/** The outcome of one webhook delivery (for the log and the tests). */
export type WebhookResult = { replayed: true } | { replayed: false; settled: 'success' | 'failed' | null };

/**
 * Money in: token packages, payments through a gateway, and settlement by signed webhook. Tokens are credited once
 * per payment: the provider's event id is UNIQUE, and a payment moves to success once, in the transaction that
 * writes the ledger credit.
 */
export class PaymentsService {
  private readonly db: Db;
  private readonly gateways: Map<GatewayName, PaymentGateway>;
  private readonly emit: EmitToUser;
  private readonly log: FastifyBaseLogger;
  private readonly mail: SiteMail;
  constructor(db: Db, gateways: PaymentGateway[], emit: EmitToUser, log: FastifyBaseLogger, mail: SiteMail) {
    this.db = db;
    this.gateways = new Map(gateways.map((g) => [g.name, g]));
    this.emit = emit;
    this.log = log;
    this.mail = mail;
  }

  /** Mails the payer their receipt (a payment just settled) or the word of its refund; the change stands either way. */
  private async tell(payment: repo.PaymentRow, mail: 'payment-receipt' | 'refund'): Promise<void> {
    const payer = await repo.findPayer(this.db, payment).catch((err: unknown) => this.log.error({ err, paymentId: payment.id }, `${mail} mail not sent`));
    if (!payer) return;
    const origin = this.mail.origin();
    const common = {
      name: payer.name,
      tokens: String(payment.tokens),
      amount: formatMoney(toMajor(payment.amountMinor, payment.currency), payment.currency, 'en'),
      reference: payment.id,
    };
    if (mail === 'refund') this.mail.mailer.send(payer.email, 'refund', common, { origin });
    else this.mail.mailer.send(payer.email, 'payment-receipt', { ...common, package: payer.packageName, link: `${origin}${ACCOUNT_ROUTE}` }, { origin });
  }

  gatewayNames(): GatewayName[] {
    return [...this.gateways.keys()];
  }

  gateway(name: string): PaymentGateway {
    const gateway = this.gateways.get(name as GatewayName);
    if (!gateway) throw notFound(`The payment gateway '${name}' is not enabled on this site.`, 'GATEWAY_NOT_ENABLED');
    return gateway;
  }

  async packages(limit = 50, offset = 0): Promise<ListResult<TokenPackage>> {
    const { rows, ...total } = await repo.listActivePackages(this.db, limit, offset);
    return { data: rows.map(toPackage), ...total };
  }

  /**
   * A pending payment and the provider's checkout for it. A coupon (`coupon`) is taken with the payment, in one
   * transaction, and the provider is asked for the discounted amount; the use is given back when the payment fails
   * (the provider unreachable, the checkout cancelled or expired) or is refunded.
   */
  async purchase(user: { id: string; email: string }, body: PurchaseTokensBody, origin: string): Promise<PurchaseTokensResult> {
    const name = body.gateway ?? this.gatewayNames()[0];
    if (!name) throw new AppError(503, 'NO_GATEWAY', 'Buying tokens is not available on this site at the moment.');
    const gateway = this.gateway(name);
    const coupon = body.coupon?.trim() ? normalCode(body.coupon) : null;
    const { pkg, payment } = await this.db.transaction(async (tx) => {
      const pkg = await repo.findPackage(tx, body.packageId);
      if (!pkg || !pkg.isActive) throw notFound('This token package is not available.', 'PACKAGE_NOT_FOUND');
      const line = { id: pkg.id, kind: null, amount: pkg.priceMinor };
      const redeemed = coupon
        ? await redeemCoupon(tx, coupon, user.id, { appliesTo: 'packages', currency: pkg.currency, total: pkg.priceMinor, lines: [line] })
        : null;
      const payment = await repo.insertPayment(tx, {
        userId: user.id,
        packageId: pkg.id,
        gateway: gateway.name,
        amountMinor: pkg.priceMinor - (redeemed?.discount ?? 0),
        currency: pkg.currency,
        tokens: pkg.tokens,
        couponCode: redeemed?.coupon.code ?? null,
        discountMinor: redeemed?.discount ?? 0,
      });
      if (redeemed) await insertRedemption(tx, { couponId: redeemed.coupon.id, userId: user.id, paymentId: payment.id, discount: redeemed.discount });
      return { pkg, payment };
    });
    let session;
    try {
      session = await gateway.createCheckout({
        paymentId: payment.id,
        email: user.email,
        packageName: pkg.name,
        tokens: pkg.tokens,
        amountMinor: payment.amountMinor,
        currency: pkg.currency,
        successUrl: `${origin}${PAYMENT_SUCCESS_ROUTE}?payment=${payment.id}`,
        cancelUrl: `${origin}${PAYMENT_CANCEL_ROUTE}?payment=${payment.id}`,
      });
    } catch (err) {
      this.log.error({ err, paymentId: payment.id, gateway: gateway.name }, 'creating the checkout failed');
      await this.db.transaction(async (tx) => {
        if (await repo.settlePayment(tx, payment.id, gateway.name, 'failed', null)) await releaseUse(tx, { paymentId: payment.id });
      });
      throw new AppError(502, 'GATEWAY_ERROR', 'The payment provider could not be reached. Please try again in a moment.');
    }
    await repo.setProviderRef(this.db, payment.id, session.providerRef);
    this.log.info({ paymentId: payment.id, userId: user.id, gateway: gateway.name, tokens: pkg.tokens }, 'payment created');
    return { paymentUrl: session.paymentUrl, paymentId: payment.id };
  }

  async list(userId: string, query: PaymentSearchQuery): Promise<ListResult<PaymentTransaction>> {
    const { rows, ...total } = await repo.listPayments(this.db, userId, query);
    return { data: rows.map(toPayment), ...total };
  }

  /** One payment, for its owner or an admin. */
  async get(viewer: { id: string; isAdmin: boolean }, id: string): Promise<PaymentTransaction> {
    const payment = await this.owned(viewer, id);
    return toPayment(payment);
  }

  async owned(viewer: { id: string; isAdmin: boolean }, id: string): Promise<repo.PaymentWithPackage> {
    const payment = await repo.findPayment(this.db, id);
    if (!payment) throw notFound('No such payment.', 'PAYMENT_NOT_FOUND');
    if (payment.userId !== viewer.id && !viewer.isAdmin) throw forbidden('This payment belongs to another member.');
    return payment;
  }

  /**
   * Refunds a settled payment in the ledger: in one transaction the payment becomes `refunded` (only from `success`:
   * a second refund is a 422 and changes nothing) and its tokens are taken back from the member as a debit referring
   * to the payment, with the operator's reason. A member who has spent some of them is refused (their balance never
   * goes below zero, nothing changes). A coupon's use is given back. The money goes back at the provider: that is the
   * operator's part.
   */
  async refund(id: string, reason: string): Promise<{ payment: repo.PaymentRow; balance: number }> {
    const why = reason.trim();
    if (!why) throw invalid({ reason: 'Reason: say why the payment is refunded.' });
    const done = await this.db.transaction(async (tx) => {
      const payment = await markRefunded(tx, id);
      if (!payment) {
        const found = isUuid(id) ? await repo.findPayment(tx, id) : null;
        if (!found) throw notFound('No such payment.', 'PAYMENT_NOT_FOUND');
        throw unprocessable(
          found.status === 'refunded' ? 'This payment is already refunded.' : `Only a settled payment can be refunded; this one is ${found.status}.`,
          'PAYMENT_NOT_REFUNDABLE',
        );
      }
      const balance = await applyTokenDelta(tx, payment.userId, -payment.tokens, { reason: `refund: ${why}`, refType: 'payment', refId: payment.id });
      if (balance === null) {
        const member = await memberBalance(tx, payment.userId);
        throw unprocessable(
          `${member?.username ?? 'The member'} has ${member?.balance ?? 0} tokens left of the ${payment.tokens} this payment bought: ` +
            'the rest are spent, so the payment cannot be refunded here. Nothing was changed.',
          'INSUFFICIENT_BALANCE',
        );
      }
      await releaseUse(tx, { paymentId: payment.id });
      return { payment, balance };
    });
    this.log.info({ paymentId: id, userId: done.payment.userId, tokens: done.payment.tokens, reason: why }, 'payment refunded');
    this.emit(done.payment.userId, 'update_balance', { balance: done.balance, delta: -done.payment.tokens });
    await this.tell(done.payment, 'refund');
    return done;
  }

  /** A webhook delivery: verify, record the event once, settle the payment once, then tell the member. */
  async handleWebhook(gatewayName: string, rawBody: Buffer, headers: import('node:http').IncomingHttpHeaders): Promise<WebhookResult> {
    const gateway = this.gateway(gatewayName);
    let event: GatewayEvent;
    try {
      event = gateway.parseWebhook(rawBody, headers);
    } catch (err) {
      if (err instanceof ForgedWebhookError) {
        this.log.warn({ gateway: gatewayName, reason: err.message }, 'webhook refused: bad signature');
        throw badRequest('The webhook signature does not verify.', 'WEBHOOK_SIGNATURE_INVALID');
      }
      throw err;
    }
    const paymentId = event.paymentId && isUuid(event.paymentId) ? event.paymentId : null;
    const result = await this.db.transaction(async (tx) => {
      if (!(await repo.recordEvent(tx, { gateway: gateway.name, eventId: event.eventId, type: event.rawType, paymentId }))) return { replayed: true as const };
      if (event.outcome === 'ignored' || !paymentId) return { replayed: false as const, payment: null, balance: null };
      // A paid amount that differs from ours never credits (the guard refuses it; the log tells the operator).
      const payment = await repo.settlePayment(tx, paymentId, gateway.name, event.outcome, event.providerRef, event.amountMinor);
      if (!payment) return { replayed: false as const, payment: null, balance: null };
      if (event.outcome === 'failed') {
        await releaseUse(tx, { paymentId: payment.id });
        return { replayed: false as const, payment, balance: null };
      }
      const balance = await applyTokenDelta(tx, payment.userId, payment.tokens, { reason: 'token package purchase', refType: 'payment', refId: payment.id });
      return { replayed: false as const, payment, balance };
    });
    if (result.replayed) {
      this.log.info({ gateway: gateway.name, eventId: event.eventId }, 'webhook replay ignored');
      return { replayed: true };
    }
    const { payment, balance } = result;
    if (!payment) {
      this.log.warn(
        { gateway: gateway.name, eventId: event.eventId, paymentId, outcome: event.outcome, amount: event.amountMinor },
        'webhook moved no payment',
      );
      return { replayed: false, settled: null };
    }
    this.log.info({ paymentId: payment.id, status: payment.status, tokens: payment.tokens, eventId: event.eventId }, 'payment settled');
    if (balance !== null) {
      this.emit(payment.userId, 'update_balance', { balance, delta: payment.tokens });
      await this.tell(payment, 'payment-receipt');
    }
    const route = payment.status === 'success' ? PAYMENT_SUCCESS_ROUTE : PAYMENT_CANCEL_ROUTE;
    this.emit(payment.userId, 'payment_status_callback', { redirectUrl: `${route}?payment=${payment.id}`, status: payment.status });
    return { replayed: false, settled: payment.status === 'success' ? 'success' : 'failed' };
  }
}
