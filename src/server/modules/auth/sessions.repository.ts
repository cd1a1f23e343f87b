import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { prepared, type Tx } from '../../db/client.ts';
import { loginAddresses, sessions, users } from '../../db/schema.ts';

/** Remembers that the member logged in from this address. */
export async function rememberAddress(db: Tx, userId: string, ip: string): Promise<void> {
  await db
    .insert(loginAddresses)
    .values({ userId, ip })
    .onConflictDoUpdate({ target: [loginAddresses.userId, loginAddresses.ip], set: { lastSeen: new Date() } });
}

export async function isKnownAddress(db: Tx, userId: string, ip: string): Promise<boolean> {
  const rows = await db
    .select({ ip: loginAddresses.ip })
    .from(loginAddresses)
    .where(and(eq(loginAddresses.userId, userId), eq(loginAddresses.ip, ip)))
    .limit(1);
  return rows.length > 0;
}

export async function insertSession(db: Tx, s: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(s).returning();
  return row!;
}

/** The live (unexpired) session with this token hash, with its member (every authenticated request: prepared). */
export async function findLiveSession(db: Tx, tokenHash: string) {
  const statement = prepared(db, 'live-session', (on) =>
    on
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1),
  );
  const [row] = await statement.execute({ tokenHash, now: new Date().toISOString() });
  return row ?? null;
}

export async function deleteSession(db: Tx, tokenHash: string): Promise<string[]> {
  const rows = await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Ends every session of a member except `keepId` (a password change keeps the session that made it); their ids. */
export async function deleteUserSessions(db: Tx, userId: string, keepId?: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepId ? ne(sessions.id, keepId) : undefined))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export type SessionRow = typeof sessions.$inferSelect;

/** A member's live sessions, the most recently used first. */
export function listUserSessions(db: Tx, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id))
    .limit(100);
}

/** Ends one session of a member (another member's, or one already ended: nothing); its id when it ended. */
export async function deleteUserSession(db: Tx, userId: string, id: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Marks a session as used now. */
export async function touchSession(db: Tx, id: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
}

/** Whether the member has logged in before from any address (a first login is not "a new device"). */
export async function hasLoggedIn(db: Tx, userId: string): Promise<boolean> {
  const rows = await db.select({ ip: loginAddresses.ip }).from(loginAddresses).where(eq(loginAddresses.userId, userId)).limit(1);
  return rows.length > 0;
}
