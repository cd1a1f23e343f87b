import { and, desc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { cursorFields, keysetBatches, orderOf, type SortKey } from '../../db/keyset.ts';
import { comments, dataExports, entitlements, orders, paymentTransactions, reactions, tokenLedger, users, violationReports } from '../../db/schema.ts';

export type DataExportRow = typeof dataExports.$inferSelect;

export const insertExport = (db: Tx, userId: string) =>
  db
    .insert(dataExports)
    .values({ userId })
    .returning()
    .then((rows) => rows[0]!);

export const findExport = (db: Tx, id: string) =>
  db
    .select()
    .from(dataExports)
    .where(eq(dataExports.id, id))
    .then((rows) => rows[0] ?? null);

/** The member's newest export (what the account page shows). */
export const latestExport = (db: Tx, userId: string) =>
  db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1)
    .then((rows) => rows[0] ?? null);

export const updateExport = (db: Tx, id: string, set: Partial<Omit<DataExportRow, 'id' | 'userId'>>) =>
  db
    .update(dataExports)
    .set(set)
    .where(eq(dataExports.id, id))
    .returning()
    .then((rows) => rows[0] ?? null);

/** Queued → running, once: null when another worker took it, or it is no longer queued (a retry finds it running). */
export const startExport = (db: Tx, id: string) =>
  db
    .update(dataExports)
    .set({ state: 'running' })
    .where(and(eq(dataExports.id, id), inArray(dataExports.state, ['queued', 'running'])))
    .returning()
    .then((rows) => rows[0] ?? null);

/** Exports whose link has expired and whose file is still stored (the sweep's next batch). */
export const expiredExports = (db: Tx, now: Date, limit: number) =>
  db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.storageKey), lt(dataExports.expiresAt, now)))
    .limit(limit);

/**
 * Exports queued or running since before `before` whose job is gone for good (its retries spent, the queue emptied by
 * an operator): failed, so that they no longer hold their member's one export at a time.
 */
export const failStaleExports = (db: Tx, before: Date) =>
  db
    .update(dataExports)
    .set({ state: 'failed' })
    .where(and(inArray(dataExports.state, ['queued', 'running']), lt(dataExports.createdAt, before)))
    .returning({ id: dataExports.id })
    .then((rows) => rows.length);

export const findMember = (db: Tx, id: string) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .then((rows) => rows[0] ?? null);

/**
 * One kind of a member's rows, as the archive writes it: its table, the column naming the member, what each line
 * holds (no internal columns such as password hashes), and an optional narrower filter.
 */
interface Kind {
  table: PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn };
  owner: AnyPgColumn;
  fields: Record<string, AnyPgColumn>;
  where?: SQL;
}

const KINDS = {
  comments: {
    table: comments,
    owner: comments.userId,
    fields: {
      id: comments.id,
      objectType: comments.objectType,
      objectId: comments.objectId,
      content: comments.content,
      attachment: comments.attachment,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
    },
  },
  reactions: {
    table: reactions,
    owner: reactions.userId,
    fields: { id: reactions.id, objectType: reactions.objectType, objectId: reactions.objectId, createdAt: reactions.createdAt },
    where: eq(reactions.action, 'like'),
  },
  lists: {
    table: reactions,
    owner: reactions.userId,
    fields: { id: reactions.id, list: reactions.action, objectType: reactions.objectType, objectId: reactions.objectId, createdAt: reactions.createdAt },
    where: inArray(reactions.action, ['favourite', 'watch_later']),
  },
  purchases: {
    table: entitlements,
    owner: entitlements.userId,
    fields: {
      id: entitlements.id,
      itemType: entitlements.itemType,
      itemId: entitlements.itemId,
      source: entitlements.source,
      expiresAt: entitlements.expiresAt,
      reason: entitlements.reason,
      createdAt: entitlements.createdAt,
    },
  },
  orders: {
    table: orders,
    owner: orders.buyerId,
    fields: {
      id: orders.id,
      orderNumber: orders.orderNumber,
      product: orders.productInfo,
      productType: orders.productType,
      quantity: orders.quantity,
      unitPrice: orders.unitPrice,
      totalPrice: orders.totalPrice,
      deliveryStatus: orders.deliveryStatus,
      shippingCode: orders.shippingCode,
      recipientName: orders.recipientName,
      deliveryAddress: orders.deliveryAddress,
      postalCode: orders.postalCode,
      country: orders.country,
      phoneNumber: orders.phoneNumber,
      note: orders.userNote,
      createdAt: orders.createdAt,
    },
  },
  ledger: {
    table: tokenLedger,
    owner: tokenLedger.userId,
    fields: {
      id: tokenLedger.id,
      delta: tokenLedger.delta,
      balanceAfter: tokenLedger.balanceAfter,
      reason: tokenLedger.reason,
      refType: tokenLedger.refType,
      refId: tokenLedger.refId,
      createdAt: tokenLedger.createdAt,
    },
  },
  payments: {
    table: paymentTransactions,
    owner: paymentTransactions.userId,
    fields: {
      id: paymentTransactions.id,
      gateway: paymentTransactions.gateway,
      amountMinor: paymentTransactions.amountMinor,
      currency: paymentTransactions.currency,
      tokens: paymentTransactions.tokens,
      status: paymentTransactions.status,
      couponCode: paymentTransactions.couponCode,
      discountMinor: paymentTransactions.discountMinor,
      settledAt: paymentTransactions.settledAt,
      createdAt: paymentTransactions.createdAt,
    },
  },
  reports: {
    table: violationReports,
    owner: violationReports.userId,
    fields: {
      id: violationReports.id,
      type: violationReports.type,
      targetType: violationReports.targetType,
      targetId: violationReports.targetId,
      description: violationReports.description,
      status: violationReports.status,
      createdAt: violationReports.createdAt,
    },
  },
} satisfies Record<string, Kind>;

export type ExportKind = keyof typeof KINDS;
export const EXPORT_KINDS = Object.keys(KINDS) as ExportKind[];

/**
 * Every row of one kind of the member's, oldest first, a batch at a time (db/keyset.ts): the next batch is read only
 * when the archive has taken the one before, so a member with a million ledger entries costs one batch of memory.
 */
export async function* memberRows(db: Tx, kind: ExportKind, userId: string, batchSize: number): AsyncGenerator<Record<string, unknown>[]> {
  const k: Kind = KINDS[kind];
  const keys: SortKey[] = [
    { column: k.table.createdAt, dir: 'asc' },
    { column: k.table.id, dir: 'asc' },
  ];
  const batches = keysetBatches(keys, batchSize, (after, limit) =>
    db
      .select({ ...k.fields, ...cursorFields(keys) })
      .from(k.table)
      .where(and(eq(k.owner, userId), k.where, after))
      .orderBy(...orderOf(keys))
      .limit(limit),
  );
  // The cursor's fields are the next batch's position, not the member's data.
  for await (const rows of batches) yield rows.map(({ k0: _k0, k1: _k1, ...row }) => row);
}

/** The member's comments that carry a picture, a batch at a time (their files go into the archive). */
export function commentPictures(db: Tx, userId: string, batchSize: number): AsyncGenerator<{ id: string; url: string }[]> {
  const keys: SortKey[] = [
    { column: comments.createdAt, dir: 'asc' },
    { column: comments.id, dir: 'asc' },
  ];
  return keysetBatches(keys, batchSize, (after, limit) =>
    db
      .select({ id: comments.id, url: sql<string>`${comments.attachment}->>'url'`, ...cursorFields(keys) })
      .from(comments)
      .where(and(eq(comments.userId, userId), isNotNull(comments.attachment), after))
      .orderBy(...orderOf(keys))
      .limit(limit),
  );
}
