import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { containing, type Tx } from '../../db/client.ts';
import { entitlements, products, tokenTransactions, users } from '../../db/schema.ts';
import { orderOf, type SortKey } from '../../db/keyset.ts';
import { aheadOf, listTotalOf, numberedMatches, numberedTotal, type ListTotal } from '../../db/lists.ts';
import type { SpendType, TokenTransactionSearchQuery } from '../../../shared/contracts/tokens.ts';
import { dateRange } from '../../lib/text/dates.ts';
import { memberMatches } from '../users/users.repository.ts';
import { releasedWhere } from '../catalogue/query.ts';
import { PRODUCTS } from '../catalogue/tables.ts';

export type TokenTransactionRow = typeof tokenTransactions.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

/** Inserts the spend; null when this member already used the same Idempotency-Key (the first request's row wins). */
export async function insertTokenTransaction(db: Tx, row: typeof tokenTransactions.$inferInsert): Promise<TokenTransactionRow | null> {
  const [inserted] = await db.insert(tokenTransactions).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** A coupon's discount on a spend: its code, the tokens it takes off, the lower total. */
export async function applyDiscount(tx: Tx, id: string, couponCode: string, discount: number): Promise<TokenTransactionRow> {
  const [row] = await tx
    .update(tokenTransactions)
    .set({ couponCode, discount, totalPrice: sql`${tokenTransactions.totalPrice} - ${discount}` })
    .where(eq(tokenTransactions.id, id))
    .returning();
  return row!;
}

export async function findByIdempotencyKey(db: Tx, userId: string, key: string): Promise<TokenTransactionRow | null> {
  const [row] = await db
    .select()
    .from(tokenTransactions)
    .where(and(eq(tokenTransactions.userId, userId), eq(tokenTransactions.idempotencyKey, key)));
  return row ?? null;
}

/**
 * The member's entitlement to an item, bought; false when they already hold it (UNIQUE per member and item). A grant
 * of free access that has ended becomes the purchase; one still running counts as held.
 */
export async function insertEntitlement(db: Tx, userId: string, itemType: SpendType, itemId: string): Promise<boolean> {
  const rows = await db
    .insert(entitlements)
    .values({ userId, itemType, itemId })
    .onConflictDoUpdate({
      target: [entitlements.userId, entitlements.itemType, entitlements.itemId],
      set: { source: 'purchase', expiresAt: null, reason: null, grantedBy: null, createdAt: sql`now()` },
      setWhere: sql`${entitlements.source} = 'grant' and ${entitlements.expiresAt} <= now()`,
    })
    .returning({ id: entitlements.id });
  return rows.length > 0;
}

export async function listTokenTransactions(db: Tx, userId: string, query: TokenTransactionSearchQuery): Promise<{ rows: TokenTransactionRow[] } & ListTotal> {
  const { from, to } = dateRange(query.fromDate, query.toDate);
  const conditions: (SQL | undefined)[] = [
    eq(tokenTransactions.userId, userId),
    query.type ? eq(tokenTransactions.type, query.type) : undefined,
    from ? gte(tokenTransactions.createdAt, from) : undefined,
    to ? lte(tokenTransactions.createdAt, to) : undefined,
  ];
  const where = and(...conditions);
  const page = { offset: query.offset ?? 0, limit: query.limit ?? 12 };
  const dir = query.sort === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(tokenTransactions)
    .where(where)
    .orderBy(dir(tokenTransactions.createdAt), dir(tokenTransactions.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, ...(await listTotalOf(db, tokenTransactions, where, { ...page, rows: rows.length })) };
}

/**
 * The products of a cart that are in the store now (active, their scheduled time come), read inside the checkout's
 * transaction and locked in id order (concurrent checkouts never deadlock): the price, stock and state that the
 * checkout pays and checks are the ones current when it commits.
 */
export async function findActiveProducts(tx: Tx, ids: string[], lock = true): Promise<ProductRow[]> {
  if (!ids.length) return [];
  const query = tx
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.status, 'active'), releasedWhere(PRODUCTS.columns)))
    .orderBy(products.id);
  // A quote reads the prices without locking them (`lock` false): it takes nothing.
  return lock ? query.for('no key update') : query;
}

/** Takes `quantity` units of a physical product, only if that many are in stock; the units left, or null. */
export async function takeStock(db: Tx, productId: string, quantity: number): Promise<number | null> {
  const [row] = await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), gte(products.stock, quantity)))
    .returning({ stock: products.stock });
  return row ? row.stock : null;
}

/**
 * The items of one type the member holds (bought, or granted and not ended), newest first: their ids (the catalogue
 * maps the items), and the grants among them with their end (`gifts`, by item id; `until` null: for good).
 */
export async function listEntitlementIds(
  db: Tx,
  userId: string,
  itemType: SpendType,
  limit: number,
  offset: number,
  only?: string[],
): Promise<{ ids: string[]; gifts: Map<string, { until: Date | null }> } & ListTotal> {
  const where = and(
    eq(entitlements.userId, userId),
    eq(entitlements.itemType, itemType),
    sql`(${entitlements.expiresAt} is null or ${entitlements.expiresAt} > now())`,
    only ? inArray(entitlements.itemId, only) : undefined,
  );
  const rows = await db
    .select({ id: entitlements.itemId, source: entitlements.source, until: entitlements.expiresAt })
    .from(entitlements)
    .where(where)
    .orderBy(desc(entitlements.createdAt), desc(entitlements.id))
    .limit(limit)
    .offset(offset);
  return {
    ids: rows.map((r) => r.id),
    gifts: new Map(rows.filter((r) => r.source === 'grant').map((r) => [r.id, { until: r.until }])),
    ...(await listTotalOf(db, entitlements, where, { offset, limit, rows: rows.length })),
  };
}

export interface SpendSearch {
  /** One transaction (its page). */
  id?: string;
  q?: string;
  type?: SpendType;
  status?: 'success' | 'refunded';
  userId?: string;
  fromDate?: string;
  toDate?: string;
  sortBy?: string;
  sort?: 'asc' | 'desc';
  limit: number;
  offset: number;
}
export type SpendForAdmin = TokenTransactionRow & { username: string; email: string };
/** What the back office reads of a spend (joined to its member), for its list and its export. */
export const spendForAdmin = { spend: tokenTransactions, username: users.username, email: users.email };
export const toSpendForAdmin = (r: { spend: TokenTransactionRow; username: string; email: string }): SpendForAdmin => ({
  ...r.spend,
  username: r.username,
  email: r.email,
});

/** What a spend bought, as one text: the unlocked item's title, a checkout's product names (its trigram index's expression). */
const boughtText = sql`(coalesce(${tokenTransactions.targetInfo}->>'title', '') || ' ' || jsonb_path_query_array(${tokenTransactions.products}, '$[*].name')::text)`;

/**
 * The WHERE of the back office's spends (the list and its export): kind, status, member, day range; `q` on the
 * member's username, e-mail and name or on what was bought, each through its own index (the members' trigrams, this
 * table's member index, the trigrams of what was bought), so that PostgreSQL can OR them.
 */
export function spendSearchWhere(query: Omit<SpendSearch, 'limit' | 'offset'>): SQL | undefined {
  const { from, to } = dateRange(query.fromDate, query.toDate);
  const q = query.q?.trim().slice(0, 200);
  const like = q ? containing(q) : '';
  return and(
    query.id ? eq(tokenTransactions.id, query.id) : undefined,
    query.type ? eq(tokenTransactions.type, query.type) : undefined,
    query.status ? eq(tokenTransactions.status, query.status) : undefined,
    query.userId ? eq(tokenTransactions.userId, query.userId) : undefined,
    from ? gte(tokenTransactions.createdAt, from) : undefined,
    to ? lte(tokenTransactions.createdAt, to) : undefined,
    q ? sql`(${memberMatches(tokenTransactions.userId, like)} or ${boughtText} ilike ${like})` : undefined,
  );
}

/**
 * The spends' order as sort keys: newest first (`sortBy=oldest`: oldest first), or most tokens first then newest
 * (`sortBy=price`); `sort` turns the whole order around. Ties go by the id in the same direction, so that one index
 * per order serves both directions and the export's keyset is one row comparison.
 */
export function spendSearchOrder(query: Pick<SpendSearch, 'sortBy' | 'sort'>): SortKey[] {
  const dir = query.sort ?? (query.sortBy === 'oldest' ? 'asc' : 'desc');
  const t = tokenTransactions;
  const columns = query.sortBy === 'price' ? [t.totalPrice, t.createdAt, t.id] : [t.createdAt, t.id];
  return columns.map((column) => ({ column, dir }));
}

/** Every member's spends (back office): kind, status, member and day filters; search by member or what was bought. */
export async function searchAllTokenTransactions(db: Tx, query: SpendSearch): Promise<{ rows: SpendForAdmin[] } & ListTotal> {
  const where = spendSearchWhere(query);
  const order = orderOf(spendSearchOrder(query));
  const page = { offset: query.offset, limit: query.limit, ahead: aheadOf(query.q) };
  const { matches, page: ids, matched } = numberedMatches(db, tokenTransactions.id, where, order, page);
  const rows = await db
    .with(matches)
    .select({ ...spendForAdmin, matched })
    .from(tokenTransactions)
    .innerJoin(ids, eq(tokenTransactions.id, ids.id))
    .innerJoin(users, eq(users.id, tokenTransactions.userId))
    .orderBy(ids.n);
  const total = await numberedTotal(page, rows[0]?.matched, () => listTotalOf(db, tokenTransactions, where, { ...page, rows: 0 }));
  return { rows: rows.map(toSpendForAdmin), ...total };
}
