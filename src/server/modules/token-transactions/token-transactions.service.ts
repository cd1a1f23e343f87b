import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { PurchasedLine } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../errors.ts';
import type { EmitToUser } from '../../types.ts';
import { INSUFFICIENT_BALANCE } from '../../../shared/messages.ts';
import type { ListResult } from '../../../shared/api-client.ts';
import type { CheckoutBody, Order } from '../../../shared/contracts/orders.ts';
import type { SpendType, TokenTransaction, TokenTransactionSearchQuery } from '../../../shared/contracts/tokens.ts';
import { applyTokenDelta } from '../ledger/ledger.repository.ts';
import { findPriced } from '../catalogue/catalogue.repository.ts';
import { isCountryCode } from '../reference/reference-lists.ts';
import { GALLERIES, STORIES, VIDEOS } from '../catalogue/tables.ts';
import { insertOrders, newOrderNumber, type OrderRow } from '../orders/orders.repository.ts';
import { insertRedemption, normalCode } from '../coupons/coupons.repository.ts';
import { discountWords, redeemCoupon, type Redeemed } from '../coupons/redeem.ts';
import * as repo from './token-transactions.repository.ts';

export type UnlockKind = 'video' | 'gallery' | 'story';
const SPECS = { video: VIDEOS, gallery: GALLERIES, story: STORIES } as const;
const NOUN: Record<UnlockKind, string> = { video: 'video', gallery: 'gallery', story: 'story' };

export const toTokenTransaction = (r: repo.TokenTransactionRow, balance?: number): TokenTransaction => ({
  _id: r.id,
  type: r.type,
  targetId: r.targetId,
  targetInfo: r.targetInfo,
  products: r.products,
  totalPrice: r.totalPrice,
  couponCode: r.couponCode,
  discount: r.discount,
  status: r.status,
  ...(balance === undefined ? {} : { balance }),
  createdAt: r.createdAt.toISOString(),
});

type Member = { id: string };

/**
 * Tokens out. Every spend is one database transaction: the token transaction row (which also holds the
 * Idempotency-Key), the entitlement (UNIQUE per member and item), stock for physical products, the guarded debit and
 * its ledger entry, and the orders of a checkout. The live balance goes out after commit.
 */
export class TokenTransactionsService {
  private readonly db: Db;
  private readonly emit: EmitToUser;
  private readonly log: FastifyBaseLogger;
  private readonly toOrder: (r: OrderRow) => Order;
  constructor(db: Db, emit: EmitToUser, log: FastifyBaseLogger, toOrder: (r: OrderRow) => Order) {
    this.db = db;
    this.emit = emit;
    this.log = log;
    this.toOrder = toOrder;
  }

  /** Unlocks a priced video, gallery or story. 400 free, 404 unknown, 409 owned, 422 balance too low. */
  async unlock(member: Member, kind: UnlockKind, idOrSlug: string, idempotencyKey?: string): Promise<TokenTransaction> {
    const replay = await this.replay(
      member,
      idempotencyKey,
      (prior) => prior.type === kind && (prior.targetId === idOrSlug || prior.targetInfo.slug === idOrSlug),
    );
    if (replay) return replay;

    const done = await this.db.transaction(async (tx) => {
      const item = await findPriced(tx, SPECS[kind] as never, idOrSlug);
      if (!item) throw notFound(`This ${NOUN[kind]} does not exist.`);
      const { id, isSale, price, title, slug } = item;
      if (!isSale || price <= 0) throw badRequest(`This ${NOUN[kind]} is free: there is nothing to buy.`, 'FREE_ITEM');
      const row = await repo.insertTokenTransaction(tx, {
        userId: member.id,
        type: kind,
        targetId: id,
        targetInfo: { title, slug },
        totalPrice: price,
        idempotencyKey,
      });
      if (!row) return null;
      if (!(await repo.insertEntitlement(tx, member.id, kind, id))) throw conflict(`You already own this ${NOUN[kind]}.`, 'ALREADY_BOUGHT');
      const balance = await applyTokenDelta(tx, member.id, -price, { reason: `unlock ${kind} ${slug}`, refType: 'token_transaction', refId: row.id });
      if (balance === null) throw unprocessable(INSUFFICIENT_BALANCE, 'INSUFFICIENT_BALANCE');
      return { row, balance };
    });
    if (!done) return (await this.replay(member, idempotencyKey, () => true))!;
    const price = done.row.totalPrice;
    this.log.info({ userId: member.id, kind, itemId: done.row.targetId, price, tokenTransactionId: done.row.id }, 'item unlocked');
    this.emit(member.id, 'update_balance', { balance: done.balance, delta: -price });
    return toTokenTransaction(done.row, done.balance);
  }

  /**
   * One debit for a whole cart: stock taken, one order per line; any failing line fails everything. A coupon (`coupon`)
   * is taken after the spend's row (a retry with the same Idempotency-Key finds that row and takes nothing) and lowers
   * the debit; the spend and its ledger entry say by how much.
   */
  async checkout(member: Member, body: CheckoutBody, idempotencyKey?: string): Promise<TokenTransaction & { orders: Order[] }> {
    const quantities = new Map<string, number>();
    for (const line of body.products) quantities.set(line._id, (quantities.get(line._id) ?? 0) + line.quantity);
    const delivery = {
      recipientName: body.recipientName?.trim() ?? '',
      deliveryAddress: addressLines(body.deliveryAddress ?? ''),
      postalCode: body.postalCode?.trim() ?? '',
      country: body.country?.trim().toUpperCase() ?? '',
      phoneNumber: body.phoneNumber?.trim() ?? '',
      userNote: body.userNote?.trim() ?? '',
    };
    const coupon = body.coupon?.trim() ? normalCode(body.coupon) : null;
    const requestHash = digest({ lines: [...quantities].sort(([a], [b]) => a.localeCompare(b)), delivery, ...(coupon ? { coupon } : {}) });
    const replay = await this.replay(member, idempotencyKey, (prior) => prior.type === 'product' && prior.requestHash === requestHash);
    if (replay) return { ...replay, orders: [] };

    const done = await this.db.transaction(async (tx) => {
      const found = await repo.findActiveProducts(tx, [...quantities.keys()]);
      const missing = [...quantities.keys()].filter((id) => !found.some((p) => p.id === id));
      if (missing.length)
        throw notFound(`${missing.length === 1 ? 'A product in your cart is' : 'Some products in your cart are'} no longer available.`, 'PRODUCT_NOT_FOUND');
      // In id order, the order of their row locks.
      const lines = found.map((p) => ({ product: p, quantity: quantities.get(p.id)! }));
      const manyDigital = lines.find((l) => l.product.type === 'digital' && l.quantity > 1);
      if (manyDigital) throw badRequest(`"${manyDigital.product.name}" is a download: buy it once (quantity 1).`, 'VALIDATION_ERROR');
      if (lines.some((l) => l.product.type === 'physical')) checkDelivery(delivery);
      const purchased: PurchasedLine[] = lines.map((l) => ({ productId: l.product.id, name: l.product.name, quantity: l.quantity, price: l.product.price }));
      const total = purchased.reduce((sum, l) => sum + l.price * l.quantity, 0);

      const inserted = await repo.insertTokenTransaction(tx, {
        userId: member.id,
        type: 'product',
        targetId: null,
        products: purchased,
        totalPrice: total,
        idempotencyKey,
        requestHash,
      });
      if (!inserted) return null;
      let row = inserted;
      let redeemed: Redeemed | null = null;
      if (coupon) {
        const couponLines = lines.map((l) => ({ id: l.product.id, kind: l.product.type, amount: l.product.price * l.quantity }));
        redeemed = await redeemCoupon(tx, coupon, member.id, { appliesTo: 'tokens', currency: null, total, lines: couponLines });
        row = await repo.applyDiscount(tx, row.id, redeemed.coupon.code, redeemed.discount);
        await insertRedemption(tx, { couponId: redeemed.coupon.id, userId: member.id, tokenTransactionId: row.id, discount: redeemed.discount });
      }
      for (const { product, quantity } of lines) {
        const fresh = await repo.insertEntitlement(tx, member.id, 'product', product.id);
        if (product.type === 'digital' && !fresh) throw conflict(`You already own "${product.name}".`, 'ALREADY_BOUGHT');
        if (product.type === 'physical' && (await repo.takeStock(tx, product.id, quantity)) === null) {
          throw unprocessable(`Not enough "${product.name}" in stock for ${quantity}. Lower the quantity or remove it.`, 'OUT_OF_STOCK');
        }
      }
      const balance = await applyTokenDelta(tx, member.id, -row.totalPrice, {
        reason: `cart checkout${discountWords(redeemed)}`,
        refType: 'token_transaction',
        refId: row.id,
      });
      if (balance === null) throw unprocessable(INSUFFICIENT_BALANCE, 'INSUFFICIENT_BALANCE');
      const orders = await insertOrders(
        tx,
        lines.map(({ product, quantity }) => ({
          orderNumber: newOrderNumber(),
          tokenTransactionId: row.id,
          buyerId: member.id,
          productId: product.id,
          productInfo: { name: product.name, slug: product.slug, type: product.type },
          productType: product.type,
          quantity,
          unitPrice: product.price,
          totalPrice: product.price * quantity,
          deliveryStatus: product.type === 'digital' ? ('delivered' as const) : ('processing' as const),
          ...(product.type === 'physical' ? delivery : { userNote: delivery.userNote }),
        })),
      );
      return { row, balance, orders };
    });
    if (!done) return { ...(await this.replay(member, idempotencyKey, () => true))!, orders: [] };
    const total = done.row.totalPrice;
    this.log.info({ userId: member.id, total, lines: done.orders.length, tokenTransactionId: done.row.id }, 'cart checked out');
    this.emit(member.id, 'update_balance', { balance: done.balance, delta: -total });
    return { ...toTokenTransaction(done.row, done.balance), orders: done.orders.map(this.toOrder) };
  }

  async list(member: Member, query: TokenTransactionSearchQuery): Promise<ListResult<TokenTransaction>> {
    const { rows, ...total } = await repo.listTokenTransactions(this.db, member.id, query);
    return { data: rows.map((r) => toTokenTransaction(r)), ...total };
  }

  async entitlementIds(member: Member, type: SpendType, limit: number, offset: number, only?: string[]) {
    return repo.listEntitlementIds(this.db, member.id, type, limit, offset, only);
  }

  /** The first answer to a request with this Idempotency-Key; a key reused for another request is a 422. */
  private async replay(member: Member, key: string | undefined, sameRequest: (prior: repo.TokenTransactionRow) => boolean): Promise<TokenTransaction | null> {
    if (!key) return null;
    const prior = await repo.findByIdempotencyKey(this.db, member.id, key);
    if (!prior) return null;
    if (!sameRequest(prior)) throw unprocessable('This Idempotency-Key was already used for a different request.', 'IDEMPOTENCY_KEY_REUSED');
    return toTokenTransaction(prior);
  }
}

/** A stable digest of a request's meaning (the merged cart and the delivery details), stored beside its Idempotency-Key. */
function digest(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/** An address as lines: each trimmed, blank ones dropped, joined by `\n` whatever the client's line ends. */
const addressLines = (address: string) =>
  address
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

function checkDelivery(d: { recipientName: string; deliveryAddress: string; postalCode: string; country: string; phoneNumber: string }) {
  const problems: Record<string, string> = {};
  if (!d.recipientName) problems.recipientName = 'Name: enter the name of the person who receives the parcel.';
  if (d.deliveryAddress.length < 5) problems.deliveryAddress = 'Address: enter the street, number and city.';
  if (!/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(d.postalCode)) problems.postalCode = 'Postal code: enter the postal code of the address.';
  if (!isCountryCode(d.country)) problems.country = 'Country: choose the country of the address.';
  if (!/^\+?[0-9][0-9 ().-]{5,24}$/.test(d.phoneNumber)) problems.phoneNumber = 'Phone: enter a number the courier can call.';
  if (Object.keys(problems).length) {
    throw new AppError(400, 'VALIDATION_ERROR', `Physical products need a delivery address. ${Object.values(problems).join(' ')}`, {}, problems);
  }
}
