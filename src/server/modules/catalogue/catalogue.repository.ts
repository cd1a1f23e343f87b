import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import type { CatalogueQuery } from '../../../shared/contracts/catalogue.ts';
import { categoryRefs, listOrder, listWhere, viewerFlags, byIdOrSlug, type ListColumns } from './query.ts';
import { notHiddenFrom, type Viewer } from './access.ts';

export type ItemKind = 'video' | 'gallery' | 'story' | 'product' | 'post';

/** A catalogue table: its kind (for entitlements and reactions) and its list columns. */
export interface CatalogueTable<T extends PgTable> {
  kind: ItemKind;
  table: T;
  columns: ListColumns & { slug: PgColumn };
}

export type ViewerFlags = { isBought: boolean; isLiked: boolean; isFavourited: boolean; isWatchedLater: boolean };
export type CategoryRefs = { _id: string; name: string; slug: string }[];
/** A row as the lists return it: the table's columns (without the search vector), the viewer's flags, its categories. */
export type ItemRow<T extends PgTable> = Omit<T['$inferSelect'], 'search'> & ViewerFlags & { categories: CategoryRefs };

function selection<T extends PgTable>(spec: CatalogueTable<T>, viewer: Viewer) {
  const { search: _search, ...columns } = getTableColumns(spec.table) as Record<string, PgColumn>;
  return { ...columns, ...viewerFlags(viewer?.id ?? null, spec.kind, spec.columns.id), categories: categoryRefs(spec.columns.categoryIds) };
}

/** One page of a public list with its total: one query for the rows (flags and categories included), one count. */
export async function listItems<T extends PgTable>(
  db: Tx,
  spec: CatalogueTable<T>,
  query: CatalogueQuery,
  viewer: Viewer,
  extra: (SQL | undefined)[] = [],
): Promise<{ rows: ItemRow<T>[]; total: number }> {
  const { where, rank } = listWhere(spec.columns, query, [notHiddenFrom(viewer, spec.kind, spec.columns.id), ...extra]);
  const [rows, total] = await Promise.all([
    db
      .select(selection(spec, viewer))
      .from(spec.table as PgTable)
      .where(where)
      .orderBy(...listOrder(spec.columns, query, rank))
      .limit(query.limit ?? 12)
      .offset(query.offset ?? 0),
    db.$count(spec.table, where),
  ]);
  return { rows: rows as unknown as ItemRow<T>[], total };
}

/** One active item by `_id` or slug, with the viewer's flags; null when there is none. */
export async function findItem<T extends PgTable>(db: Tx, spec: CatalogueTable<T>, idOrSlug: string, viewer: Viewer): Promise<ItemRow<T> | null> {
  const { where } = listWhere(spec.columns, {}, [byIdOrSlug(spec.columns, idOrSlug), notHiddenFrom(viewer, spec.kind, spec.columns.id)]);
  const [row] = await db
    .select(selection(spec, viewer))
    .from(spec.table as PgTable)
    .where(where)
    .limit(1);
  return (row as unknown as ItemRow<T>) ?? null;
}

/** How many active items match `q` (for `/search/total`). */
export async function countMatches<T extends PgTable>(db: Tx, spec: CatalogueTable<T>, q: string | undefined): Promise<number> {
  return db.$count(spec.table, listWhere(spec.columns, { q }, [notHiddenFrom(null, spec.kind, spec.columns.id)]).where);
}

/** Just what a purchase needs of an active item not hidden by moderation (no flags, no categories): id, slug, title, isSale, price. */
export async function findPriced<T extends PgTable>(
  db: Tx,
  spec: CatalogueTable<T>,
  idOrSlug: string,
): Promise<{ id: string; slug: string; title: string; isSale: boolean; price: number } | null> {
  const { where } = listWhere(spec.columns, {}, [byIdOrSlug(spec.columns, idOrSlug), notHiddenFrom(null, spec.kind, spec.columns.id)]);
  const t = getTableColumns(spec.table) as Record<string, PgColumn>;
  const [row] = await db
    .select({ id: t.id!, slug: t.slug!, title: t.title!, isSale: t.isSale!, price: t.price! })
    .from(spec.table as PgTable)
    .where(where)
    .limit(1);
  return (row as { id: string; slug: string; title: string; isSale: boolean; price: number }) ?? null;
}
