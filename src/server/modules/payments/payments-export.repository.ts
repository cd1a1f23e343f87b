import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cursorFields, keysetBatches, orderOf } from '../../db/keyset.ts';
import { paymentTransactions, tokenPackages, users } from '../../db/schema.ts';
import { paymentSearchOrder, paymentSearchWhere, refundReason, type PaymentForAdmin, type PaymentSearch } from './payments-search.repository.ts';

/** The back office's payment list's query without its page: what an export reads, all of it. */
export type PaymentExportSearch = Omit<PaymentSearch, 'limit' | 'offset'>;

/** Rows per query of an export: a few MB of rows and CSV in memory at a time. */
export const PAYMENT_EXPORT_BATCH = 2000;

/**
 * Every payment the back office's list would show for `query` (all its pages), in its order, `batchSize` at a time,
 * each batch read by keyset (after the last row of the one before), never by OFFSET. The next batch is read only when
 * the consumer asks for it.
 */
export async function* paymentExportBatches(db: Tx, query: PaymentExportSearch, batchSize = PAYMENT_EXPORT_BATCH): AsyncGenerator<PaymentForAdmin[]> {
  const keys = paymentSearchOrder(query);
  const where = paymentSearchWhere(query);
  const batches = keysetBatches(keys, batchSize, (after, limit) =>
    db
      .select({
        payment: paymentTransactions,
        packageName: tokenPackages.name,
        username: users.username,
        email: users.email,
        refundReason,
        ...cursorFields(keys),
      })
      .from(paymentTransactions)
      .innerJoin(tokenPackages, eq(tokenPackages.id, paymentTransactions.packageId))
      .innerJoin(users, eq(users.id, paymentTransactions.userId))
      .where(and(where, after))
      .orderBy(...orderOf(keys))
      .limit(limit),
  );
  for await (const rows of batches)
    yield rows.map((r) => ({ ...r.payment, packageName: r.packageName, username: r.username, email: r.email, refundReason: r.refundReason }));
}
