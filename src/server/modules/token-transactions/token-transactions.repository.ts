import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { containing, type Tx } from '../../db/client.ts';
import { entitlements, products, tokenTransactions, users } from '../../db/schema.ts';
import type { SpendType, TokenTransactionSearchQuery } from '../../../shared/contracts/tokens.ts';
import { dateRange } from '../../lib/dates.ts';
import { releasedWhere } from '../catalogue/query.ts';
import { PRODUCTS } from '../catalogue/tables.ts';

export type TokenTransactionRow = typeof tokenTransactions.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

/** Inserts the spend; null when this member already used the same Idempotency-Key (the first request's row wins). */
export async function insertTokenTransaction(db: Tx, row: typeof tokenTransactions.$inferInsert): Promise<TokenTransactionRow | null> {
  const [inserted] = await db.insert(tokenTransactions).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findByIdempotencyKey(db: Tx, userId: string, key: string): Promise<TokenTransactionRow | null> {
  const [row] = await db
    .select()
    .from(tokenTransactions)
    .where(and(eq(tokenTransactions.userId, userId), eq(tokenTransactions.idempotencyKey, key)));
  return row ?? null;
}

/** The member's entitlement to an item; false when they already had it (UNIQUE per member and item). */
export async function insertEntitlement(db: Tx, userId: string, itemType: SpendType, itemId: string): Promise<boolean> {
  const rows = await db.insert(entitlements).values({ userId, itemType, itemId }).onConflictDoNothing().returning({ id: entitlements.id });
  return rows.length > 0;
}

export async function listTokenTransactions(
  db: Tx,
  userId: string,
  query: TokenTransactionSearchQuery,
): Promise<{ rows: TokenTransactionRow[]; total: number }> {
  const { from, to } = dateRange(query.fromDate, query.toDate);
  const conditions: (SQL | undefined)[] = [
    eq(tokenTransactions.userId, userId),
    query.type ? eq(tokenTransactions.type, query.type) : undefined,
    from ? gte(tokenTransactions.createdAt, from) : undefined,
    to ? lte(tokenTransactions.createdAt, to) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(tokenTransactions)
      .where(where)
      .orderBy(query.sort === 'asc' ? asc(tokenTransactions.createdAt) : desc(tokenTransactions.createdAt), asc(tokenTransactions.id))
      .limit(query.limit ?? 12)
      .offset(query.offset ?? 0),
    db.select({ total: count() }).from(tokenTransactions).where(where),
  ]);
  return { rows, total };
}

/** The products of a cart that are in the store now (active, their scheduled time come), by id. */
export async function findActiveProducts(db: Tx, ids: string[]): Promise<ProductRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.status, 'active'), releasedWhere(PRODUCTS.columns)));
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

/** The member's entitlements of one type, newest first (ids only; the catalogue maps the items). */
export async function listEntitlementIds(
  db: Tx,
  userId: string,
  itemType: SpendType,
  limit: number,
  offset: number,
  only?: string[],
): Promise<{ ids: string[]; total: number }> {
  const where = and(eq(entitlements.userId, userId), eq(entitlements.itemType, itemType), only ? inArray(entitlements.itemId, only) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select({ id: entitlements.itemId })
      .from(entitlements)
      .where(where)
      .orderBy(desc(entitlements.createdAt), asc(entitlements.id))
      .limit(limit)
      .offset(offset),
    db.$count(entitlements, where),
  ]);
  return { ids: rows.map((r) => r.id), total };
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

/** Every member's spends (back office): kind, status, member and day filters; search by member or what was bought. */
export async function searchAllTokenTransactions(db: Tx, query: SpendSearch): Promise<{ rows: SpendForAdmin[]; total: number }> {
  const { from, to } = dateRange(query.fromDate, query.toDate);
  const q = query.q?.trim().slice(0, 200);
  const like = q ? containing(q) : '';
  const where = and(
    query.id ? eq(tokenTransactions.id, query.id) : undefined,
    query.type ? eq(tokenTransactions.type, query.type) : undefined,
    query.status ? eq(tokenTransactions.status, query.status) : undefined,
    query.userId ? eq(tokenTransactions.userId, query.userId) : undefined,
    from ? gte(tokenTransactions.createdAt, from) : undefined,
    to ? lte(tokenTransactions.createdAt, to) : undefined,
    q
      ? sql`(${users.username} ilike ${like} or ${users.email} ilike ${like} or ${users.name} ilike ${like}
            or ${tokenTransactions.targetInfo}->>'title' ilike ${like} or ${tokenTransactions.products}::text ilike ${like})`
      : undefined,
  );
  const dir = query.sort ? (query.sort === 'asc' ? asc : desc) : null;
  const order =
    query.sortBy === 'price'
      ? [(dir ?? desc)(tokenTransactions.totalPrice), desc(tokenTransactions.createdAt)]
      : [(dir ?? (query.sortBy === 'oldest' ? asc : desc))(tokenTransactions.createdAt)];
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ spend: tokenTransactions, username: users.username, email: users.email })
      .from(tokenTransactions)
      .innerJoin(users, eq(users.id, tokenTransactions.userId))
      .where(where)
      .orderBy(...order, asc(tokenTransactions.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(tokenTransactions).innerJoin(users, eq(users.id, tokenTransactions.userId)).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.spend, username: r.username, email: r.email })), total };
}
