import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cursorFields, EXPORT_BATCH, keysetBatches, orderOf } from '../../db/keyset.ts';
import { paymentTransactions, tokenPackages, users } from '../../db/schema.ts';
import {
  paymentForAdmin,
  paymentSearchOrder,
  paymentSearchWhere,
  toPaymentForAdmin,
  type PaymentForAdmin,
  type PaymentSearch,
} from './payments-search.repository.ts';

/** The back office's payment list's query without its page: what an export reads, all of it. */
export type PaymentExportSearch = Omit<PaymentSearch, 'limit' | 'offset'>;

/**
 * Every payment the back office's list would show for `query` (all its pages), in its order, `batchSize` at a time,
 * each batch read by keyset (after the last row of the one before), never by OFFSET. The next batch is read only when
 * the consumer asks for it.
 */
export async function* paymentExportBatches(db: Tx, query: PaymentExportSearch, batchSize = EXPORT_BATCH): AsyncGenerator<PaymentForAdmin[]> {
  const keys = paymentSearchOrder(query);
  const where = paymentSearchWhere(query);
  const batches = keysetBatches(keys, batchSize, (after, limit) =>
    db
      .select({ ...paymentForAdmin, ...cursorFields(keys) })
      .from(paymentTransactions)
      .innerJoin(tokenPackages, eq(tokenPackages.id, paymentTransactions.packageId))
      .innerJoin(users, eq(users.id, paymentTransactions.userId))
      .where(and(where, after))
      .orderBy(...orderOf(keys))
      .limit(limit),
  );
  for await (const rows of batches) yield rows.map(toPaymentForAdmin);
}
