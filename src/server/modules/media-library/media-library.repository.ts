import { and, eq, sql, type SQL } from 'drizzle-orm';
import { containing, type Tx } from '../../db/client.ts';
import { after, cursorFields, cursorOf, orderOf, type SortKey } from '../../db/keyset.ts';
import { listTotalOf, type ListTotal } from '../../db/lists.ts';
import { mediaAssets, users } from '../../db/schema.ts';
import type { StoredFile, StoredImage } from '../../lib/media/media-types.ts';

export type MediaAssetRow = typeof mediaAssets.$inferSelect;
export type MediaKind = MediaAssetRow['kind'];
/** A library row with the username of whoever uploaded it (null: adopted from an item, or the account is gone). */
export type MediaAssetEntry = MediaAssetRow & { uploader: string | null };

/** A new entry of the library: a stored picture, or a stored video or file. */
export type NewMediaAsset =
  | { kind: 'image'; name: string; stored: StoredImage; uploadedBy: string | null }
  | { kind: 'video' | 'file'; name: string; stored: StoredFile; uploadedBy: string | null };

/** Keeps a stored file in the library (once per storage key: a second record of the same key changes nothing). */
export async function recordMediaAsset(db: Tx, asset: NewMediaAsset): Promise<void> {
  const { stored } = asset;
  if (!stored.key) return;
  await db
    .insert(mediaAssets)
    .values({
      kind: asset.kind,
      name: asset.name.slice(0, 200),
      key: stored.key,
      stored,
      size: stored.size,
      mimeType: stored.mimeType,
      width: stored.width ?? null,
      height: stored.height ?? null,
      uploadedBy: asset.uploadedBy,
    })
    .onConflictDoNothing({ target: mediaAssets.key });
}

/** Newest first; the id breaks ties (media_assets_newest_idx, or media_assets_kind_idx behind a kind). */
const NEWEST: SortKey[] = [
  { column: mediaAssets.createdAt, dir: 'desc' },
  { column: mediaAssets.id, dir: 'desc' },
];

/** A position in the library's order, as the list hands it out: the last row's keys in PostgreSQL's text, base64url. */
export const encodeCursor = (keys: string[]): string => Buffer.from(JSON.stringify(keys)).toString('base64url');
export function decodeCursor(cursor: string): string[] | null {
  try {
    const keys = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const list: unknown[] = Array.isArray(keys) ? keys : [];
    const [at, id] = list;
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (list.length !== 2 || typeof at !== 'string' || Number.isNaN(Date.parse(at)) || typeof id !== 'string' || !uuid.test(id)) return null;
    return [at, id];
  } catch {
    return null;
  }
}

export interface MediaQuery {
  q?: string;
  kind?: MediaKind;
  cursor?: string[];
  offset?: number;
  limit: number;
}

/** A page of the library, newest first: after a cursor (keyset) or at an offset, with its total and the next cursor. */
export async function listMediaAssets(db: Tx, query: MediaQuery): Promise<{ rows: MediaAssetEntry[]; next: string | null } & ListTotal> {
  const filters: SQL[] = [];
  const q = query.q?.trim().slice(0, 200);
  if (q) filters.push(sql`${mediaAssets.name} ilike ${containing(q)}`);
  if (query.kind) filters.push(eq(mediaAssets.kind, query.kind));
  const where = filters.length ? and(...filters) : undefined;
  const offset = query.cursor ? 0 : (query.offset ?? 0);
  const rows = await db
    .select({ row: mediaAssets, uploader: users.username, ...cursorFields(NEWEST) })
    .from(mediaAssets)
    .leftJoin(users, eq(users.id, mediaAssets.uploadedBy))
    .where(and(where, query.cursor ? after(NEWEST, query.cursor) : undefined))
    .orderBy(...orderOf(NEWEST))
    .limit(query.limit + 1)
    .offset(offset);
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const total = await listTotalOf(db, mediaAssets, where, { offset, limit: query.limit, rows: page.length, ahead: q ? 200 : undefined });
  return { rows: page.map((r) => ({ ...r.row, uploader: r.uploader })), next: more ? encodeCursor(cursorOf(NEWEST, page.at(-1)!)) : null, ...total };
}

export async function findMediaAsset(db: Tx, id: string): Promise<MediaAssetEntry | null> {
  const [row] = await db
    .select({ row: mediaAssets, uploader: users.username })
    .from(mediaAssets)
    .leftJoin(users, eq(users.id, mediaAssets.uploadedBy))
    .where(eq(mediaAssets.id, id));
  return row ? { ...row.row, uploader: row.uploader } : null;
}

/** An item that uses an asset: its back-office resource, id, title, and whether it was withdrawn (in the trash). */
export interface MediaUse {
  resource: 'videos' | 'galleries' | 'stories' | 'posts' | 'products' | 'banners';
  id: string;
  title: string;
  field: string;
  deleted: boolean;
}

/**
 * Every item whose columns name `key`, withdrawn ones too (they may come back): one statement, each branch read from
 * its index (`(col->>'key')`, a product's pictures by containment). A gallery's photo counts as its gallery's.
 */
export async function usesOf(db: Tx, key: string): Promise<MediaUse[]> {
  const contains = JSON.stringify([{ key }]);
  const result = await db.execute(sql`
    select 'videos' as resource, id, title, 'thumbnail' as field, status = 'deleted' as deleted from videos where thumbnail->>'key' = ${key}
    union all select 'videos', id, title, 'video', status = 'deleted' from videos where video->>'key' = ${key}
    union all select 'galleries', id, title, 'cover', status = 'deleted' from galleries where cover->>'key' = ${key}
    union all select 'galleries', g.id, g.title, 'photos', g.status = 'deleted' from photos p join galleries g on g.id = p.target_id
      where p.target = 'gallery' and p.image->>'key' = ${key}
    union all select 'stories', id, title, 'cover', status = 'deleted' from stories where cover->>'key' = ${key}
    union all select 'posts', id, title, 'image', status = 'deleted' from posts where image->>'key' = ${key}
    union all select 'products', id, name, 'images', status = 'deleted' from products where images @> ${contains}::jsonb
    union all select 'products', id, name, 'file', status = 'deleted' from products where file->>'key' = ${key}
    union all select 'banners', id, title, 'photo', status = 'deleted' from banners where photo->>'key' = ${key}
  `);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as MediaUse[];
  // A gallery whose cover is one of its photos lists the picture once.
  const seen = new Set<string>();
  return rows.filter((u) => {
    const id = `${u.resource}:${u.id}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Removes the asset's row when no item names its key, checked in the same statement; false when one does (or it is gone). */
export async function deleteUnusedMediaAsset(db: Tx, id: string, key: string): Promise<boolean> {
  const contains = JSON.stringify([{ key }]);
  const deleted = await db
    .delete(mediaAssets)
    .where(
      and(
        eq(mediaAssets.id, id),
        sql`not exists (select 1 from videos where thumbnail->>'key' = ${key} or video->>'key' = ${key})`,
        sql`not exists (select 1 from galleries where cover->>'key' = ${key})`,
        sql`not exists (select 1 from photos where image->>'key' = ${key})`,
        sql`not exists (select 1 from stories where cover->>'key' = ${key})`,
        sql`not exists (select 1 from posts where image->>'key' = ${key})`,
        sql`not exists (select 1 from products where images @> ${contains}::jsonb or file->>'key' = ${key})`,
        sql`not exists (select 1 from banners where photo->>'key' = ${key})`,
      ),
    )
    .returning({ id: mediaAssets.id });
  return deleted.length > 0;
}
