import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { forbidden, invalid, notFound, unprocessable, AppError } from '../../errors.ts';
import { iso } from '../../lib/text/dates.ts';
import type { MediaSigner } from '../../lib/media/signed-url.ts';
import type { StoredFile } from '../../lib/media/media-types.ts';
import type { EmitToUser } from '../../types.ts';
import type { ListResult } from '../../../shared/api-client.ts';
import type { DeliveryStatus, DownloadLink, Order, OrderFile, OrderSearchQuery, OrderUpdateBody, OrderWithBuyer } from '../../../shared/contracts/orders.ts';
import type { Viewer } from '../catalogue/access.ts';
import * as repo from './orders.repository.ts';
import { orderExportBatches } from './orders-export.repository.ts';
import type { SiteMail } from '../mail/mailer.ts';
import { ACCOUNT_ORDERS_ROUTE, orderRoute } from '../../../shared/routes.ts';
import { ORDERS_RAW } from '../../../shared/operations/orders.ts';
import { pathOf } from '../../../shared/operations/operation.ts';

type Member = NonNullable<Viewer>;

/** The signed subject of a download link: the purchase (order) and which file of it. */
export const downloadSubject = (orderId: string, fileId: string | null) => `download:${orderId}:${fileId ?? 'product'}`;

/** One step of a member's order, as the buyer is told: shipped (with its tracking code), delivered, a file added. */
type OrderStep = { step: 'shipped'; trackingCode: string } | { step: 'delivered' } | { step: 'file'; fileName: string };

/** How a state reads in a sentence. */
const STATE_WORDS: Record<DeliveryStatus, string> = {
  processing: 'still processing',
  shipping: 'already shipped',
  delivered: 'already delivered',
  refunded: 'refunded',
};

/** Orders (one per checkout line), their delivery, attached files, and digital downloads. */
export class OrdersService {
  private readonly db: Db;
  private readonly signer: MediaSigner;
  private readonly emit: EmitToUser;
  private readonly log: FastifyBaseLogger;
  private readonly downloads: { linkTtlSeconds: number; limitPerPurchase: number };
  private readonly mail: SiteMail;
  constructor(
    db: Db,
    signer: MediaSigner,
    emit: EmitToUser,
    log: FastifyBaseLogger,
    downloads: { linkTtlSeconds: number; limitPerPurchase: number },
    mail: SiteMail,
  ) {
    this.db = db;
    this.signer = signer;
    this.emit = emit;
    this.log = log;
    this.downloads = downloads;
    this.mail = mail;
  }

  toOrder = (r: repo.OrderRow): Order => ({
    _id: r.id,
    orderNumber: r.orderNumber,
    tokenTransactionId: r.tokenTransactionId,
    buyerId: r.buyerId,
    productId: r.productId,
    productInfo: r.productInfo,
    productType: r.productType,
    quantity: r.quantity,
    unitPrice: r.unitPrice,
    totalPrice: r.totalPrice,
    deliveryStatus: r.deliveryStatus,
    shippingCode: r.shippingCode,
    recipientName: r.recipientName,
    deliveryAddress: r.deliveryAddress,
    postalCode: r.postalCode,
    country: r.country,
    phoneNumber: r.phoneNumber,
    userNote: r.userNote,
    buyerConfirmedAt: iso(r.buyerConfirmedAt),
    downloads: { used: r.downloadCount, limit: r.productType === 'digital' ? this.downloads.limitPerPurchase : 0 },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  });

  private withBuyer = (r: repo.OrderRow & { buyer: repo.BuyerRef }): OrderWithBuyer => ({
    ...this.toOrder(r),
    buyer: { _id: r.buyer.id, name: r.buyer.name, username: r.buyer.username, email: r.buyer.email },
  });

  /** The member's orders (`mine`), or everybody's for an admin (`scope`: the back office's product filter and buyer search). */
  async search(query: OrderSearchQuery, buyerId: string | null, scope: repo.OrderListScope = {}): Promise<ListResult<OrderWithBuyer>> {
    const { rows, ...total } = await repo.listOrders(this.db, query, buyerId, scope);
    return { data: rows.map(this.withBuyer), ...total };
  }

  /** Admin: every order the back office's list shows for `query` (all its pages), in its order, a batch at a time (CSV export). */
  async *exportBatches(
    query: Omit<OrderSearchQuery, 'limit' | 'offset'>,
    buyerId: string | null,
    scope: repo.OrderListScope,
  ): AsyncGenerator<OrderWithBuyer[]> {
    for await (const rows of orderExportBatches(this.db, query, buyerId, scope)) yield rows.map(this.withBuyer);
  }

  /** Admin: one order with its buyer, or a 404. */
  async find(id: string): Promise<OrderWithBuyer> {
    return this.withBuyer(await this.found(id));
  }

  private async found(id: string) {
    const order = await repo.findOrder(this.db, id);
    if (!order) throw notFound('No such order.', 'ORDER_NOT_FOUND');
    return order;
  }

  /**
   * Admin: a physical order leaves (processing → shipping) with its tracking code. The buyer gets a mail with the
   * code and a live `order_updated`. A 422 when it is not a processing physical order (nothing changes).
   */
  async ship(id: string, trackingCode: string): Promise<Order> {
    const order = await this.found(id);
    const code = trackingCode.trim();
    if (order.productType === 'digital')
      throw unprocessable(`Order ${order.orderNumber} is a download: nothing is shipped. Attach its file or mark it delivered.`, 'ORDER_WRONG_STATE');
    if (order.deliveryStatus !== 'processing')
      throw unprocessable(`Order ${order.orderNumber} is ${STATE_WORDS[order.deliveryStatus]}: only a processing order can be shipped.`, 'ORDER_WRONG_STATE');
    if (!code) throw invalid({ shippingCode: "Tracking code: give the carrier's code, so that the buyer can follow the parcel." });
    return this.move(order, ['processing'], { deliveryStatus: 'shipping', shippingCode: code }, { step: 'shipped', trackingCode: code });
  }

  /**
   * Admin: the order arrived (shipping → delivered). A digital order (delivered at checkout) may also go straight
   * from processing, since nothing is shipped; a physical one is shipped first, with its tracking code.
   */
  async deliver(id: string): Promise<Order> {
    const order = await this.found(id);
    const from: DeliveryStatus[] = order.productType === 'digital' ? ['processing', 'shipping'] : ['shipping'];
    if (!from.includes(order.deliveryStatus))
      throw unprocessable(
        order.deliveryStatus === 'processing'
          ? `Order ${order.orderNumber} has not been shipped yet: ship it with its tracking code first.`
          : `Order ${order.orderNumber} is ${STATE_WORDS[order.deliveryStatus]}: only a shipped order can be marked delivered.`,
        'ORDER_WRONG_STATE',
      );
    return this.move(order, from, { deliveryStatus: 'delivered' }, { step: 'delivered' });
  }

  /** One guarded step: the row moves only from the states expected (another change first → 422), then the buyer is told. */
  private async move(
    order: repo.OrderRow & { buyer: repo.BuyerRef },
    from: DeliveryStatus[],
    patch: { deliveryStatus: DeliveryStatus; shippingCode?: string },
    step: OrderStep,
  ): Promise<Order> {
    const row = await repo.moveOrder(this.db, order.id, from, patch);
    if (!row) throw unprocessable(`Order ${order.orderNumber} was changed meanwhile: reload it and try again.`, 'ORDER_WRONG_STATE');
    this.log.info({ orderId: row.id, ...patch }, 'order moved');
    this.emit(row.buyerId, 'order_updated', { orderId: row.id, deliveryStatus: row.deliveryStatus });
    this.tell(order, step);
    return this.toOrder(row);
  }

  /** Mails the buyer what a checkout ordered (nothing for a retried checkout: it ordered nothing new). */
  placed(buyer: { name: string; email: string }, checkout: { totalPrice: number; orders: Order[] }): void {
    if (!checkout.orders.length) return;
    const origin = this.mail.origin();
    const name = (o: Order) => (typeof o.productInfo.name === 'string' ? o.productInfo.name : 'A product');
    this.mail.mailer.send(
      buyer.email,
      'order-placed',
      {
        name: buyer.name,
        orderNumber: checkout.orders.map((o) => o.orderNumber).join(', '),
        items: checkout.orders.map((o) => (o.quantity > 1 ? `${name(o)} × ${o.quantity}` : name(o))).join('\n'),
        total: `${checkout.totalPrice} token${checkout.totalPrice === 1 ? '' : 's'}`,
        link: `${origin}${ACCOUNT_ORDERS_ROUTE}`,
      },
      { origin },
    );
  }

  /**
   * Mails the buyer about a step of their order (queued: the answer does not wait for the mail server). The step is
   * done by then: a failure here is logged, never turned into an error for a change that stands.
   */
  private tell(order: repo.OrderRow & { buyer: repo.BuyerRef }, step: OrderStep): void {
    const origin = this.mail.origin();
    const values = {
      name: order.buyer.name,
      orderNumber: order.orderNumber,
      product: typeof order.productInfo.name === 'string' ? order.productInfo.name : 'Your product',
      link: `${origin}${orderRoute(order.id)}`,
    };
    const to = order.buyer.email;
    if (step.step === 'shipped')
      this.mail.mailer.send(to, 'order-shipped', { ...values, tracking: step.trackingCode ? `Tracking code: ${step.trackingCode}` : '' }, { origin });
    else if (step.step === 'delivered') this.mail.mailer.send(to, 'order-delivered', values, { origin });
    else this.mail.mailer.send(to, 'order-file', { ...values, fileName: step.fileName }, { origin });
  }

  /** One order, for its buyer or an admin. */
  async get(viewer: Member, id: string): Promise<OrderWithBuyer> {
    return this.withBuyer(await this.visible(viewer, id));
  }

  private async visible(viewer: Member, id: string) {
    const order = await repo.findOrder(this.db, id);
    if (!order) throw notFound('No such order.', 'ORDER_NOT_FOUND');
    if (order.buyerId !== viewer.id && !viewer.isAdmin) throw forbidden('This order belongs to another member.');
    return order;
  }

  /** Admin: delivery status and shipping code; the buyer hears about it live. */
  async update(id: string, body: OrderUpdateBody): Promise<Order> {
    const patch = {
      ...(body.deliveryStatus ? { deliveryStatus: body.deliveryStatus } : {}),
      ...(body.shippingCode !== undefined ? { shippingCode: body.shippingCode.trim() } : {}),
    };
    const row = await repo.updateOrder(this.db, id, patch);
    if (!row) throw notFound('No such order.', 'ORDER_NOT_FOUND');
    this.log.info({ orderId: id, ...patch }, 'order updated');
    this.emit(row.buyerId, 'order_updated', { orderId: row.id, deliveryStatus: row.deliveryStatus });
    return this.toOrder(row);
  }

  /** The buyer confirms that the parcel arrived (once it is shipping or delivered). */
  async confirm(member: Member, id: string): Promise<Order> {
    const order = await this.visible(member, id);
    if (order.buyerId !== member.id) throw forbidden('Only the buyer can confirm receipt.');
    const row = await repo.confirmReceipt(this.db, id, member.id);
    if (!row)
      throw unprocessable(
        order.buyerConfirmedAt
          ? 'You already confirmed this order.'
          : order.deliveryStatus === 'processing'
            ? 'This order has not been shipped yet: confirm receipt once it has arrived.'
            : 'This order cannot be confirmed.',
        'ORDER_NOT_CONFIRMABLE',
      );
    // No order_updated: that event tells the buyer about an admin's change (API.md), and this change is their own.
    return this.toOrder(row);
  }

  /** Admin: a delivery file for the buyer (not on a refunded order); they get a mail and a live `order_updated`. */
  async attachFile(id: string, file: StoredFile): Promise<OrderFile> {
    const order = await this.found(id);
    if (order.deliveryStatus === 'refunded') throw unprocessable(`Order ${order.orderNumber} is refunded: there is nothing to deliver.`, 'ORDER_WRONG_STATE');
    const row = await repo.insertOrderFile(this.db, id, file);
    this.emit(order.buyerId, 'order_updated', { orderId: order.id, deliveryStatus: order.deliveryStatus });
    this.tell(order, { step: 'file', fileName: file.name });
    return this.toFile(row);
  }

  async files(viewer: Member, id: string): Promise<OrderFile[]> {
    await this.visible(viewer, id);
    return (await repo.listOrderFiles(this.db, id)).map((f) => this.toFile(f));
  }

  /** Admin: what was attached to an order (name, type, size; the links are the buyer's). */
  async attachedFiles(id: string): Promise<Omit<OrderFile, 'downloadLink'>[]> {
    return (await repo.listOrderFiles(this.db, id)).map((f) => ({ _id: f.id, name: f.file.name, size: f.file.size, mimeType: f.file.mimeType }));
  }

  private toFile(f: repo.OrderFileRow): OrderFile {
    return { _id: f.id, name: f.file.name, size: f.file.size, mimeType: f.file.mimeType, downloadLink: this.link(f.orderId, f.id) };
  }

  private link(orderId: string, fileId: string | null): string {
    const params = this.signer.params(downloadSubject(orderId, fileId), { ttlSeconds: this.downloads.linkTtlSeconds });
    if (fileId) params.set('f', fileId);
    return `/api${pathOf(ORDERS_RAW.download, { id: orderId })}?${params}`;
  }

  /** A fresh, expiring link to a bought digital product (403 for anyone who did not buy it, or when downloads are used up). */
  async downloadLink(member: Member, productIdOrSlug: string): Promise<DownloadLink> {
    const product = await repo.findProductFile(this.db, productIdOrSlug);
    if (!product) throw notFound('This product does not exist.');
    if (product.type !== 'digital' || !product.file) throw notFound('This product has no download.', 'NO_DOWNLOAD');
    const order = await repo.findPurchase(this.db, member.id, product.id, this.downloads.limitPerPurchase);
    if (!order) throw forbidden('Buy this product to download it.', 'NOT_BOUGHT');
    const left = this.downloads.limitPerPurchase - order.downloadCount;
    if (left <= 0) throw forbidden(`You have used all ${this.downloads.limitPerPurchase} downloads of this purchase.`, 'DOWNLOAD_LIMIT_REACHED');
    return {
      downloadLink: this.link(order.id, null),
      expiresAt: new Date(Date.now() + this.downloads.linkTtlSeconds * 1000).toISOString(),
      downloadsLeft: left,
    };
  }

  /**
   * What a download link serves, after its signature is checked: the stored file, and a hook that logs the request
   * and (for a product's whole file) uses one download, refusing once the purchase's limit is reached.
   */
  async resolveDownload(orderId: string, fileId: string | null, client: { ip: string; userAgent: string | null }) {
    const order = await repo.findOrder(this.db, orderId);
    if (!order || order.deliveryStatus === 'refunded') throw notFound('This purchase does not exist.');
    let file: StoredFile | null = null;
    if (fileId) {
      file = (await repo.listOrderFiles(this.db, orderId)).find((f) => f.id === fileId)?.file ?? null;
    } else {
      file = (await repo.findProductFile(this.db, order.productId))?.file ?? null;
    }
    if (!file) throw notFound('This file does not exist.');
    const limit = this.downloads.limitPerPurchase;
    const record = async (range: { start: number; end: number } | null, size: number, rangeHeader: string | undefined, grant: string) => {
      const base = { orderId, userId: order.buyerId, ...client };
      if (fileId) {
        await repo.logFileDownload(this.db, { ...base, range: rangeHeader ?? null });
        this.log.info({ orderId, userId: order.buyerId, fileKey: file.key, counted: false, range: rangeHeader }, 'download');
        return;
      }
      const { allowed, counted } = await repo.recordDownload(this.db, { ...base, grant, range, rangeHeader: rangeHeader ?? null, size }, limit);
      if (!allowed) throw new AppError(403, 'DOWNLOAD_LIMIT_REACHED', `You have used all ${limit} downloads of this purchase.`);
      this.log.info({ orderId, userId: order.buyerId, fileKey: file.key, counted, range: rangeHeader }, 'download');
    };
    return { file, record };
  }
}
