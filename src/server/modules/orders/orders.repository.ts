import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { containing, type Tx } from '../../db/client.ts';
import { orderOf, type SortKey } from '../../db/keyset.ts';
import { aheadOf, listTotalOf, numberedMatches, numberedTotal, type ListTotal } from '../../db/lists.ts';
import { downloads, orderFiles, orders, products, users } from '../../db/schema.ts';
import { byIdOrSlug } from '../catalogue/query.ts';
import type { DeliveryStatus, OrderSearchQuery } from '../../../shared/contracts/orders.ts';
import { dateRange } from '../../lib/text/dates.ts';
import type { StoredFile } from '../../lib/media/media-types.ts';
import { memberMatches } from '../users/users.repository.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderFileRow = typeof orderFiles.$inferSelect;
export type BuyerRef = { id: string; name: string; username: string; email: string };

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Eight upper-case letters (26^8 ≈ 2·10^11 numbers; the UNIQUE index is the final word). */
export const newOrderNumber = (): string => Array.from({ length: 8 }, () => LETTERS[randomInt(26)]).join('');

export async function insertOrders(db: Tx, rows: NewOrder[]): Promise<OrderRow[]> {
  return db.insert(orders).values(rows).returning();
}

/** What only the back office asks of the list: one product's orders, and a search that also finds buyers. */
export interface OrderListScope {
  productId?: string;
  /** Search the buyer's username and e-mail too (everybody's orders, for an admin). */
  searchBuyers?: boolean;
}

/** The list's condition: one member's orders (`buyerId`) or everybody's, with the query's filters and search. */
export function orderListWhere(query: OrderSearchQuery, buyerId: string | null, scope: OrderListScope): SQL | undefined {
  const { from, to } = dateRange(query.fromDate, query.toDate);
  const q = query.q?.trim().slice(0, 100);
  const like = q ? containing(q) : '';
  return and(
    buyerId ? eq(orders.buyerId, buyerId) : undefined,
    scope.productId ? eq(orders.productId, scope.productId) : undefined,
    query.deliveryStatus ? eq(orders.deliveryStatus, query.deliveryStatus) : undefined,
    query.productType ? eq(orders.productType, query.productType) : undefined,
    from ? gte(orders.createdAt, from) : undefined,
    to ? lte(orders.createdAt, to) : undefined,
    // Its number, its product's name, or (admin) its buyer: each through its own index, so that PostgreSQL can OR them.
    q
      ? sql`(${orders.orderNumber} = upper(${q}) or (${orders.productInfo}->>'name') ilike ${like}${
          scope.searchBuyers ? sql` or ${memberMatches(orders.buyerId, like)}` : sql``
        })`
      : undefined,
  );
}

/** The list's order: newest (or oldest) first, the order number (unique) breaking ties. */
export const orderListOrder = (query: Pick<OrderSearchQuery, 'sort'>): SortKey[] => [
  { column: orders.createdAt, dir: query.sort === 'asc' ? 'asc' : 'desc' },
  { column: orders.orderNumber, dir: 'asc' },
];

/** A page of orders, newest first; one member's (`buyerId`) or everybody's with their buyer (admin). */
export async function listOrders(
  db: Tx,
  query: OrderSearchQuery,
  buyerId: string | null,
  scope: OrderListScope = {},
): Promise<{ rows: (OrderRow & { buyer: BuyerRef })[] } & ListTotal> {
  const condition = orderListWhere(query, buyerId, scope);
  const page = { offset: query.offset ?? 0, limit: query.limit ?? 12, ahead: aheadOf(query.q) };
  const order = orderOf(orderListOrder(query));
  const { matches, page: ids, matched } = numberedMatches(db, orders.id, condition, order, page);
  const rows = await db
    .with(matches)
    .select({ order: orders, buyer: { id: users.id, name: users.name, username: users.username, email: users.email }, matched })
    .from(orders)
    .innerJoin(ids, eq(orders.id, ids.id))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .orderBy(ids.n);
  const total = await numberedTotal(page, rows[0]?.matched, () => listTotalOf(db, orders, condition, { ...page, rows: 0 }));
  return { rows: rows.map((r) => ({ ...r.order, buyer: r.buyer })), ...total };
}

export async function findOrder(db: Tx, id: string): Promise<(OrderRow & { buyer: BuyerRef }) | null> {
  const [row] = await db
    .select({ order: orders, buyer: { id: users.id, name: users.name, username: users.username, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(eq(orders.id, id));
  return row ? { ...row.order, buyer: row.buyer } : null;
}

export async function updateOrder(db: Tx, id: string, patch: { deliveryStatus?: DeliveryStatus; shippingCode?: string }): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return row ?? null;
}

/**
 * Moves an order on only from one of the states `from` (ship: processing; deliver: shipping), in one guarded
 * statement, so two operators (or an operator and the buyer) cannot both move it: null when it was not in them.
 */
export async function moveOrder(
  db: Tx,
  id: string,
  from: DeliveryStatus[],
  patch: { deliveryStatus: DeliveryStatus; shippingCode?: string },
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(orders.id, id), inArray(orders.deliveryStatus, from)))
    .returning();
  return row ?? null;
}

/** The buyer confirms receipt of a shipped (or processing) physical order, once. */
export async function confirmReceipt(db: Tx, id: string, buyerId: string): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ deliveryStatus: 'delivered', buyerConfirmedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.buyerId, buyerId),
        sql`${orders.buyerConfirmedAt} is null`,
        sql`${orders.deliveryStatus} in ('shipping', 'delivered')`, // not before it is on its way
      ),
    )
    .returning();
  return row ?? null;
}

/** The buyer's newest order of a product with downloads left, else their newest order of it. */
export async function findPurchase(db: Tx, buyerId: string, productId: string, limit: number): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.productId, productId), sql`${orders.deliveryStatus} <> 'refunded'`))
    .orderBy(sql`${orders.downloadCount} >= ${limit}`, desc(orders.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Logs one download request; a `counted` one (a whole file, or a range from byte 0) also uses one of the purchase's
 * downloads, guarded so that concurrent requests never pass the limit. False when the limit is used up.
 */
export interface DownloadRequest {
  orderId: string;
  userId: string;
  /** The link's signature: one grant. */
  grant: string;
  range: { start: number; end: number } | null;
  rangeHeader: string | null;
  size: number;
  ip: string;
  userAgent: string | null;
}

/**
 * Logs a download of a purchase's file and decides, under the order's row lock, whether it starts a new transfer
 * (which uses one of the purchase's `limit` downloads). A transfer starts with a request for the whole file, a range
 * from byte 0, or the first request of a grant (a link); later ranges of the same grant belong to that transfer while
 * all its requests together ask for no more than the file's size. False (nothing logged) past the limit.
 */
export async function recordDownload(db: Tx, entry: DownloadRequest, limit: number): Promise<{ allowed: boolean; counted: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ used: orders.downloadCount }).from(orders).where(eq(orders.id, entry.orderId)).for('update');
    const bytes = entry.range ? entry.range.end - entry.range.start + 1 : entry.size;
    let counted = !entry.range || entry.range.start === 0;
    if (!counted) {
      const [last] = await tx
        .select({ at: downloads.createdAt })
        .from(downloads)
        .where(and(eq(downloads.orderId, entry.orderId), eq(downloads.grant, entry.grant), eq(downloads.counted, true)))
        .orderBy(desc(downloads.createdAt))
        .limit(1);
      if (!last) counted = true;
      else {
        const [transfer] = await tx
          .select({ bytes: sql<number>`coalesce(sum(${downloads.bytes}), 0)::bigint`.mapWith(Number) })
          .from(downloads)
          .where(and(eq(downloads.orderId, entry.orderId), eq(downloads.grant, entry.grant), gte(downloads.createdAt, last.at)));
        counted = transfer!.bytes + bytes > entry.size;
      }
    }
    if (counted) {
      if (!order || order.used >= limit) return { allowed: false, counted };
      await tx
        .update(orders)
        .set({ downloadCount: sql`${orders.downloadCount} + 1` })
        .where(eq(orders.id, entry.orderId));
    }
    await tx.insert(downloads).values({
      orderId: entry.orderId,
      userId: entry.userId,
      counted,
      range: entry.rangeHeader,
      grant: entry.grant,
      bytes,
      ip: entry.ip,
      userAgent: entry.userAgent,
    });
    return { allowed: true, counted };
  });
}

/** Logs a download of a file an admin attached to an order (never counted). */
export async function logFileDownload(db: Tx, entry: { orderId: string; userId: string; range: string | null; ip: string; userAgent: string | null }) {
  await db.insert(downloads).values({ ...entry, counted: false });
}

export async function insertOrderFile(db: Tx, orderId: string, file: StoredFile): Promise<OrderFileRow> {
  const [row] = await db.insert(orderFiles).values({ orderId, file }).returning();
  return row!;
}

export async function listOrderFiles(db: Tx, orderId: string): Promise<OrderFileRow[]> {
  return db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId)).orderBy(asc(orderFiles.createdAt));
}

/** A product's download (whatever its status now: a buyer keeps what they bought). */
export async function findProductFile(db: Tx, idOrSlug: string): Promise<{ id: string; type: 'digital' | 'physical'; file: StoredFile | null } | null> {
  const [row] = await db
    .select({ id: products.id, type: products.type, file: products.file })
    .from(products)
    .where(byIdOrSlug({ id: products.id, slug: products.slug }, idOrSlug));
  return row ?? null;
}
