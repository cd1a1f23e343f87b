import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import type { CatalogueTable, ItemKind } from './kinds.ts';
import { GALLERIES, POSTS, PRODUCTS, STORIES, VIDEOS } from './tables.ts';

const TABLES: Record<ItemKind, CatalogueTable<PgTable>> = {
  video: VIDEOS as never,
  gallery: GALLERIES as never,
  story: STORIES as never,
  post: POSTS as never,
  product: PRODUCTS as never,
};

/**
 * Sets an item's own copy of its hidden state (db/schema.ts `hidden`), in the transaction that adds or removes its
 * `hidden_targets` entry: the lists test the copy (catalogue/access.ts notHiddenFrom).
 */
export async function setItemHidden(tx: Tx, kind: ItemKind, id: string, hidden: boolean): Promise<void> {
  const t = TABLES[kind];
  await tx
    .update(t.table)
    .set({ hidden } as never)
    .where(eq(t.columns.id, id));
}
