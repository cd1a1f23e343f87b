import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListColumns } from './query.ts';

/** The kinds of catalogue item: what entitlements, reactions, comments and hiding refer to. */
export type ItemKind = 'video' | 'gallery' | 'story' | 'product' | 'post';

/** A catalogue table: its kind (for entitlements and reactions) and its list columns. */
export interface CatalogueTable<T extends PgTable> {
  kind: ItemKind;
  table: T;
  columns: ListColumns & { slug: PgColumn };
}
