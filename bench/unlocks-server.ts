/**
 * The API for bench/unlocks.ts, in a process of its own: the database (DATABASE_URL, or PGlite in memory), the demo
 * seed, ITEMS priced videos and BUYERS members with tokens; prints `ready <url> <json tokens>`.
 */
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { getConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/db/seed.ts';
import { videos } from '../src/server/db/schema.ts';
import { SettingsService } from '../src/server/modules/settings/settings.service.ts';
import { createUser } from '../src/server/modules/users/users.service.ts';

const [buyers, items] = [Number(process.argv[2]), Number(process.argv[3])];
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || null, pgliteDir: null });
await database.migrate();
const config = getConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SEED: 'none',
  PASSWORD_COST: '1024',
  LOGIN_LIMIT_PER_IP: '100000',
  DATA_DIR: os.tmpdir(),
});
await new SettingsService(database.db).ensureDefaults();
await seedDemo(database, { ...config, seedScale: 1 });
const [template] = await database.db.select().from(videos).where(eq(videos.slug, 'glass-blowing-masterclass'));
const { id: _id, search: _search, ...rest } = template!;
await database.db
  .insert(videos)
  .values(Array.from({ length: items }, (_, i) => ({ ...rest, slug: `bench-${i}`, title: `Bench ${i}`, isSale: true, price: 1 })));
const app = await buildApp(config, { database, realtime: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const tokens = await Promise.all(
  Array.from({ length: buyers }, async (_, i) => {
    const user = await createUser(
      database.db,
      { email: `bench${i}@bench.local`, username: `bench${i}`, name: `Bench ${i}`, password: 'bench-pass-123', tokens: 1_000_000 },
      config.passwordCost,
    );
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: 'bench-pass-123' }),
    });
    return (await res.json()).data.token as string;
  }),
);
console.log(`ready ${base} ${JSON.stringify(tokens)}`);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
