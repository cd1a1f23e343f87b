import pg from 'pg';
import { ensureDemoMediaCache } from '../../src/server/db/demo/demo-media.ts';

/**
 * The demo media are built once per machine before any test seeds them. With DATABASE_URL, every worker makes its
 * own database named after this run; they are all dropped at the end.
 */
export default async function setup() {
  await ensureDemoMediaCache();
  if (!process.env.DATABASE_URL) return;
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  process.env.TESSERA_TEST_RUN = run;
  return async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`tessera_t_${run}_%`]);
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}
