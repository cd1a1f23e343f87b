import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { entitlements, galleries, stories, users, videos } from '../../db/schema.ts';
import { isUuid } from '../catalogue/query.ts';
import type { GrantKind } from '../../../shared/contracts/grants.ts';

export type EntitlementRow = typeof entitlements.$inferSelect;

const TABLES = { video: videos, gallery: galleries, story: stories } as const;

/** An item that can be granted, by id or address: not deleted (a grant may come before its release). */
export async function findGrantable(db: Tx, kind: GrantKind, idOrSlug: string) {
  const t = TABLES[kind];
  const [row] = await db
    .select({ id: t.id, slug: t.slug, title: t.title, isSale: t.isSale, price: t.price })
    .from(t)
    .where(and(isUuid(idOrSlug) ? eq(t.id, idOrSlug) : eq(t.slug, idOrSlug), ne(t.status, 'deleted')))
    .limit(1);
  return row ?? null;
}

/** A member by id, username or e-mail (case-insensitive), for a grant given from an item's page. */
export async function findMember(db: Tx, who: string) {
  const text = who.trim();
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(isUuid(text) ? eq(users.id, text) : or(sql`lower(${users.username}) = lower(${text})`, sql`lower(${users.email}) = lower(${text})`))
    .limit(1);
  return row ?? null;
}

/** The member's hold on an item (bought or granted, ended or not), locked for the change that follows. */
export async function findHold(db: Tx, userId: string, kind: GrantKind, itemId: string): Promise<EntitlementRow | null> {
  const [row] = await db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), eq(entitlements.itemType, kind), eq(entitlements.itemId, itemId)))
    .for('update');
  return row ?? null;
}

/**
 * Gives the grant, or renews the member's grant of the item (a new end and reason); never touches a purchase (the
 * `source` guard): null when the member bought the item meanwhile.
 */
export async function upsertGrant(
  db: Tx,
  grant: { userId: string; kind: GrantKind; itemId: string; until: Date | null; reason: string; grantedBy: string },
): Promise<EntitlementRow | null> {
  const values = { expiresAt: grant.until, reason: grant.reason, grantedBy: grant.grantedBy, createdAt: new Date() };
  const [row] = await db
    .insert(entitlements)
    .values({ userId: grant.userId, itemType: grant.kind, itemId: grant.itemId, source: 'grant', ...values })
    .onConflictDoUpdate({
      target: [entitlements.userId, entitlements.itemType, entitlements.itemId],
      set: values,
      setWhere: sql`${entitlements.source} = 'grant'`,
    })
    .returning();
  return row ?? null;
}

/** Ends a grant at once (the row goes: a grant is not a record accounting keeps); null when there was none. */
export async function deleteGrant(db: Tx, userId: string, kind: GrantKind, itemId: string): Promise<EntitlementRow | null> {
  const [row] = await db
    .delete(entitlements)
    .where(and(eq(entitlements.userId, userId), eq(entitlements.itemType, kind), eq(entitlements.itemId, itemId), eq(entitlements.source, 'grant')))
    .returning();
  return row ?? null;
}

/** A grant with its member's and item's names, as the back office lists it. */
export interface GrantRow extends EntitlementRow {
  username: string;
  title: string | null;
  slug: string | null;
  grantedByName: string | null;
}

/**
 * A member's latest grants (ended ones too), newest first, each with the names it refers to: one query, by the
 * member's key (entitlements_member_newest_idx).
 */
export async function latestGrants(db: Tx, userId: string, limit: number): Promise<GrantRow[]> {
  const granter = sql`(select g.username from users g where g.id = ${entitlements.grantedBy})`;
  const itemOf = (column: 'title' | 'slug') =>
    sql<string | null>`case ${entitlements.itemType}
      when 'video' then (select v.${sql.raw(column)} from videos v where v.id = ${entitlements.itemId})
      when 'gallery' then (select g.${sql.raw(column)} from galleries g where g.id = ${entitlements.itemId})
      when 'story' then (select s.${sql.raw(column)} from stories s where s.id = ${entitlements.itemId}) end`;
  const rows = await db
    .select({
      entitlement: entitlements,
      username: users.username,
      title: itemOf('title'),
      slug: itemOf('slug'),
      grantedByName: sql<string | null>`${granter}`,
    })
    .from(entitlements)
    .innerJoin(users, eq(users.id, entitlements.userId))
    .where(and(eq(entitlements.source, 'grant'), eq(entitlements.userId, userId)))
    .orderBy(desc(entitlements.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r.entitlement, username: r.username, title: r.title, slug: r.slug, grantedByName: r.grantedByName }));
}
