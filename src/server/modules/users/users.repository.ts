import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { containing, type Tx } from '../../db/client.ts';
import { aheadOf, listTotalOf, type ListTotal } from '../../db/lists.ts';
import { CLOSING_ACCOUNTS, users } from '../../db/schema.ts';
import { isUuid } from '../catalogue/query.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** A member by e-mail or username, case-insensitively. */
export async function findUserByLogin(db: Tx, login: string): Promise<UserRow | null> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${value}`, sql`lower(${users.username}) = ${value}`))
    .limit(1);
  return row ?? null;
}

export async function insertUser(db: Tx, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

export async function updateUser(db: Tx, id: string, set: Partial<NewUser>): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** A member by id (uuid) or username, active only: what public lookups may see. */
export async function findActiveMember(db: Tx, idOrUsername: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(isUuid(idOrUsername) ? eq(users.id, idOrUsername) : sql`lower(${users.username}) = ${idOrUsername.toLowerCase()}`, eq(users.status, 'active')))
    .limit(1);
  return row ?? null;
}

/**
 * What the member searches match, as the very expressions of their trigram indexes (db/schema.ts): any part of the
 * username or name (public), and of the e-mail too (back office).
 */
const publicText = sql`(${users.username} || ' ' || ${users.name})`;
const adminText = sql`(${users.username} || ' ' || ${users.email} || ' ' || ${users.name})`;

/** How many members a search of another list (spends, payments, orders) matches by name, at most. */
export const MEMBERS_MATCHED = 1000;

/**
 * `column = any(the ids of the members whose username, e-mail or name contains pattern)`, for another list (spends,
 * payments, orders) searched by member: the members are found by their trigram index, at most MEMBERS_MATCHED of them
 * (a search that matches more, e.g. one letter, is narrowed to those), and the list's rows by its own member index,
 * so that PostgreSQL can OR it with the list's other searched fields. (Given as an array value instead, the ids make
 * PostgreSQL walk the whole list in order and test each row: seconds on 1.75 million spends.)
 */
export const memberMatches = (column: PgColumn, pattern: string): SQL =>
  sql`${column} = any(array(select m.id from users m where (m.username || ' ' || m.email || ' ' || m.name) ilike ${pattern} limit ${MEMBERS_MATCHED}))`;

/** Active members whose name or username contains `q` (case-insensitive), by name. */
export async function searchMembers(db: Tx, q: string | undefined, limit: number, offset: number): Promise<{ rows: UserRow[] } & ListTotal> {
  const pattern = q ? containing(q.slice(0, 100)) : null;
  const where = and(eq(users.status, 'active'), pattern ? sql`${publicText} ilike ${pattern}` : undefined);
  const rows = await db.select().from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(limit).offset(offset);
  const total = await listTotalOf(db, users, where, { offset, limit, rows: rows.length, ahead: aheadOf(q) });
  return { rows, ...total };
}

/** Every member for the back office: `q` in username, e-mail or name; role and status filters; newest first by default. */
/**
 * The back office's statuses: a closing account is `active` in the table until its day, with `closing_at` set (the
 * predicate of `users_closing_idx`); "Active" leaves those out.
 */
function statusIs(status: 'active' | 'inactive' | 'closing' | 'closed' | undefined) {
  if (status === 'closing') return sql.raw(CLOSING_ACCOUNTS);
  if (status === 'active') return and(eq(users.status, 'active'), sql`${users.closingAt} is null`);
  return status ? eq(users.status, status) : undefined;
}

export async function searchAllMembers(
  db: Tx,
  query: { q?: string; role?: 'member' | 'admin'; status?: 'active' | 'inactive' | 'closing' | 'closed'; sortBy?: string; limit?: number; offset?: number },
): Promise<{ rows: UserRow[] } & ListTotal> {
  const pattern = query.q ? containing(query.q.slice(0, 100)) : null;
  // The literal predicate of the admins' partial index (db/schema.ts).
  const admin = sql`'admin' = any(roles)`;
  const where = and(
    pattern ? sql`${adminText} ilike ${pattern}` : undefined,
    query.role === 'admin' ? admin : query.role === 'member' ? sql`not ${admin}` : undefined,
    statusIs(query.status),
  );
  const order =
    query.sortBy === 'username'
      ? [asc(sql`lower(${users.username})`)]
      : query.sortBy === 'balance'
        ? [desc(users.balance), desc(users.createdAt), desc(users.id)]
        : [desc(users.createdAt), desc(users.id)];
  const page = { offset: query.offset ?? 0, limit: query.limit ?? 20 };
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const total = await listTotalOf(db, users, where, { ...page, rows: rows.length, ahead: aheadOf(query.q) });
  return { rows, ...total };
}
