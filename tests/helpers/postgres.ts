import pg from 'pg';

/** The PostgreSQL every developer and CI machine runs (DATABASE_URL when set). */
export const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty database for one test file; `drop()` removes it (and ends its connections). */
export async function freshPostgres(prefix: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: async () => void (await adminQuery(`drop database if exists "${name}" with (force)`)) };
}

/** One statement on the maintenance database. */
export async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    return await admin.query(text, values);
  } finally {
    await admin.end();
  }
}
