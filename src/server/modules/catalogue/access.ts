import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ItemKind } from './kinds.ts';
import { qualified, type Bound } from './query.ts';
import { heldBy } from './held.ts';
import type { AuthContext } from '../auth/auth.service.ts';

/** Who is looking: a member (maybe an admin) or nobody. */
export type Viewer = { id: string; isAdmin: boolean } | null;

export const viewerOf = (auth: AuthContext | null): Viewer => (auth ? { id: auth.user.id, isAdmin: auth.user.roles.includes('admin') } : null);

/**
 * THE access rule: may this viewer have the full item (stream, full-size photos, story text, download)? Free items:
 * everybody. Priced items: the members who hold them (bought, or granted until a date or for good: held.ts), and
 * admins. Every surface (API payloads, pages, media links, search, sitemap, feeds) decides through this function, by
 * way of the mappers that call it.
 */
export function canView(viewer: Viewer, item: { isSale: boolean; price: number; isBought: boolean }): boolean {
  if (!item.isSale || item.price <= 0) return true;
  return item.isBought || viewer?.isAdmin === true;
}

/**
 * Whether the viewer may come across an item at all: one that moderation hid (`hidden_targets`) is off every list,
 * page and search for everybody except the members who bought it, who keep what they paid for. Part of the access
 * rule: the catalogue's queries (lists, detail, search counts, purchases) all add it.
 */
export function notHiddenFrom(viewer: { id: Bound<string> } | null, kind: ItemKind, columns: { id: PgColumn; hidden: PgColumn }): SQL {
  // The item's own copy of its hidden state (db/schema.ts `hidden`): read from the list's index, no probe per row.
  const hidden = qualified(columns.hidden);
  if (!viewer) return sql`not ${hidden}`;
  return sql`(not ${hidden} or ${heldBy(viewer.id, kind, qualified(columns.id))})`;
}
