import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cursorFields, EXPORT_BATCH, keysetBatches, orderOf } from '../../db/keyset.ts';
import { orders, users } from '../../db/schema.ts';
import type { OrderSearchQuery } from '../../../shared/contracts/orders.ts';
import { orderListOrder, orderListWhere, type BuyerRef, type OrderListScope, type OrderRow } from './orders.repository.ts';

/**
 * Every order the back office's list would show for `query` (all its pages; one member's with `buyerId`), with its buyer, in the list's order,
 * `batchSize` at a time, each batch read by keyset (after the last row of the one before), never by OFFSET. The next
 * batch is read only when the consumer asks for it.
 */
export async function* orderExportBatches(
  db: Tx,
  query: Omit<OrderSearchQuery, 'limit' | 'offset'>,
  buyerId: string | null,
  scope: OrderListScope,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<(OrderRow & { buyer: BuyerRef })[]> {
  const keys = orderListOrder(query);
  const where = orderListWhere(query, buyerId, scope);
  const batches = keysetBatches(keys, batchSize, (after, limit) =>
    db
      .select({ order: orders, buyer: { id: users.id, name: users.name, username: users.username, email: users.email }, ...cursorFields(keys) })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.buyerId))
      .where(and(where, after))
      .orderBy(...orderOf(keys))
      .limit(limit),
  );
  for await (const rows of batches) yield rows.map((r) => ({ ...r.order, buyer: r.buyer }));
}
