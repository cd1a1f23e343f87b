import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { containing, type Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
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

/** Active members whose name or username contains `q` (case-insensitive), by name. */
export async function searchMembers(db: Tx, q: string | undefined, limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = q ? containing(q.slice(0, 100)) : null;
  const where = and(eq(users.status, 'active'), pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern)) : undefined);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}

/** Every member for the back office: `q` in username, e-mail or name; role and status filters; newest first by default. */
export async function searchAllMembers(
  db: Tx,
  query: { q?: string; role?: 'member' | 'admin'; status?: 'active' | 'inactive'; sortBy?: string; limit?: number; offset?: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = query.q ? containing(query.q.slice(0, 100)) : null;
  const admin = sql`'admin' = any(${users.roles})`;
  const where = and(
    pattern ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.name, pattern)) : undefined,
    query.role === 'admin' ? admin : query.role === 'member' ? sql`not ${admin}` : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  );
  const order =
    query.sortBy === 'username'
      ? [asc(sql`lower(${users.username})`)]
      : query.sortBy === 'balance'
        ? [desc(users.balance), desc(users.createdAt)]
        : [desc(users.createdAt)];
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order, asc(users.id))
      .limit(query.limit ?? 20)
      .offset(query.offset ?? 0),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}
