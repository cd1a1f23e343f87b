import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cursorFields, EXPORT_BATCH, keysetBatches, orderOf } from '../../db/keyset.ts';
import { tokenTransactions, users } from '../../db/schema.ts';
import { spendForAdmin, spendSearchOrder, spendSearchWhere, toSpendForAdmin, type SpendForAdmin, type SpendSearch } from './token-transactions.repository.ts';

/** The back office's spend list's query without its page: what an export reads, all of it. */
export type SpendExportSearch = Omit<SpendSearch, 'limit' | 'offset'>;

/**
 * Every spend the back office's list would show for `query` (all its pages), in its order, `batchSize` at a time, each
 * batch read by keyset (after the last row of the one before), never by OFFSET. The next batch is read only when the
 * consumer asks for it.
 */
export async function* spendExportBatches(db: Tx, query: SpendExportSearch, batchSize = EXPORT_BATCH): AsyncGenerator<SpendForAdmin[]> {
  const keys = spendSearchOrder(query);
  const where = spendSearchWhere(query);
  const batches = keysetBatches(keys, batchSize, (after, limit) =>
    db
      .select({ ...spendForAdmin, ...cursorFields(keys) })
      .from(tokenTransactions)
      .innerJoin(users, eq(users.id, tokenTransactions.userId))
      .where(and(where, after))
      .orderBy(...orderOf(keys))
      .limit(limit),
  );
  for await (const rows of batches) yield rows.map(toSpendForAdmin);
}
