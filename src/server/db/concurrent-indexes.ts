import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

const CREATE = /^\s*CREATE\s+(UNIQUE\s+)?INDEX\s+IF\s+NOT\s+EXISTS\s+"([^"]+)"/i;
const DROP = /^\s*DROP\s+INDEX\s+IF\s+EXISTS\s+"([^"]+)"\s*;?\s*$/i;
/** What an index may need first, quick at any size and safe to run twice: an extension, a column with a constant default. */
const FIRST = /^\s*(CREATE\s+EXTENSION\s+IF\s+NOT\s+EXISTS|ALTER\s+TABLE\s+"[^"]+"\s+ADD\s+COLUMN\s+IF\s+NOT\s+EXISTS)\s/i;
/** What an index statement may meet before its own migration made the table or column: leave it to the migration. */
const NOT_YET = new Set(['42P01', '42703']);

/** A statement without its leading comment lines. */
const bare = (statement: string) =>
  statement
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .trim();

/**
 * Runs the index statements of the pending migrations on PostgreSQL CONCURRENTLY, before the migrator's transaction
 * runs them again as no-ops: a migration that adds (`CREATE [UNIQUE] INDEX IF NOT EXISTS "name"`) or drops
 * (`DROP INDEX IF EXISTS "name"`) an index on a big live table never blocks the site's writes, however long the build
 * takes. Their `CREATE EXTENSION IF NOT EXISTS` and `ALTER TABLE … ADD COLUMN IF NOT EXISTS` statements (a column with
 * a constant default: no rewrite, a moment's lock) run first, as they are. An index an interrupted build left
 * INVALID is dropped and built again. A fresh database (no migration applied yet) has nothing to protect: skipped.
 * The caller holds the migration lock, on this connection, outside any transaction.
 */
export async function buildIndexesConcurrently(client: pg.PoolClient, migrationsFolder: string, log: (line: string) => void): Promise<void> {
  const table = await client.query<{ exists: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!table.rows[0]?.exists) return;
  const last = (await client.query<{ at: string | null }>('select max(created_at)::text as at from drizzle.__drizzle_migrations')).rows[0]?.at;
  if (!last) return;
  const pending = readMigrationFiles({ migrationsFolder }).filter((m) => m.folderMillis > Number(last));
  const statements = pending.flatMap((m) => m.sql.map(bare)).filter(Boolean);
  for (const statement of statements.filter((s) => FIRST.test(s))) await client.query(statement);
  for (const statement of statements) {
    const created = CREATE.exec(statement);
    const dropped = DROP.exec(statement);
    if (!created && !dropped) continue;
    const name = (created?.[2] ?? dropped?.[1])!;
    const { rows } = await client.query<{ valid: boolean }>(
      `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = $1 and pg_table_is_visible(c.oid)`,
      [name],
    );
    if (created && rows[0]?.valid) continue;
    if (dropped && !rows[0]) continue;
    // A build that was interrupted leaves an invalid index of that name, which IF NOT EXISTS would keep.
    if (created && rows[0]) await client.query(`drop index concurrently if exists "${name}"`);
    const started = Date.now();
    log(`${created ? 'building' : 'dropping'} index ${name} concurrently (the site keeps writing meanwhile)…`);
    try {
      await client.query(
        created
          ? statement.replace(CREATE, (_, unique: string | undefined) => `CREATE ${unique ?? ''}INDEX CONCURRENTLY IF NOT EXISTS "${name}"`)
          : `DROP INDEX CONCURRENTLY IF EXISTS "${name}"`,
      );
    } catch (err) {
      if (NOT_YET.has((err as { code?: string }).code ?? '')) continue;
      throw err;
    }
    log(`index ${name} ${created ? 'built' : 'dropped'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
