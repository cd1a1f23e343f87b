import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { appMeta } from './schema.ts';
import type { Database } from './client.ts';
import { SettingsService } from '../modules/settings/settings.service.ts';
import { createUser } from '../modules/users/users.service.ts';
import { findUserByLogin } from '../modules/users/users.repository.ts';
import { insertCategories } from '../modules/categories/categories.repository.ts';
import { DEMO_CATEGORIES } from './demo-categories.ts';
import { seedCatalogue } from './demo/seed-catalogue.ts';
import { createStorage } from '../lib/storage/storage.ts';
import { insertPackages } from '../modules/payments/payments.repository.ts';
import { seedCommunity } from './demo/seed-community.ts';

/** The demo accounts `npm start` prints; also what the browser tests log in with. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@tessera.local', username: 'admin', name: 'Ada Admin', password: 'admin-pass-123', role: 'admin' as const, tokens: 1000 },
  { email: 'member@tessera.local', username: 'member', name: 'Mia Member', password: 'member-pass-123', role: 'member' as const, tokens: 250 },
  { email: 'member2@tessera.local', username: 'member2', name: 'Milo Member', password: 'member-pass-123', role: 'member' as const, tokens: 40 },
];

const DEMO_MARKER = 'seed:demo';
const PACKAGES_MARKER = 'seed:demo-packages';
const COMMUNITY_MARKER = 'seed:demo-community';

/** The demo token packages (prices in cents of the site currency). */
export const DEMO_PACKAGES = [
  { name: 'Starter', description: 'Enough for a couple of unlocks.', tokens: 100, priceMinor: 499, ordering: 1 },
  { name: 'Popular', description: 'Our most chosen pack: 20% more tokens per dollar.', tokens: 300, priceMinor: 1199, ordering: 2 },
  { name: 'Collector', description: 'For the whole catalogue, and the shop.', tokens: 800, priceMinor: 2799, ordering: 3 },
  { name: 'Patron', description: 'Best value: 2,000 tokens.', tokens: 2000, priceMinor: 5999, ordering: 4 },
];

/** Migrations, the default settings, and (once per database, recorded by a marker) the demo content. */
export async function prepareDatabase(database: Database, config: SeedConfig & Pick<Config, 'seed'>) {
  await database.migrate();
  await new SettingsService(database.db).ensureDefaults();
  if (config.seed === 'demo') return seedDemo(database, config);
  return { seeded: false };
}

type SeedConfig = Pick<Config, 'passwordCost' | 'storage'> & Partial<Pick<Config, 'seedScale'>>;

/**
 * Adds the demo accounts, categories and catalogue (with its media, into the configured storage) unless this
 * database already had its demo seed. Idempotent.
 */
export async function seedDemo(database: Database, { passwordCost, storage, seedScale = 1 }: SeedConfig): Promise<{ seeded: boolean }> {
  const { db } = database;
  // Packages came with the token issue: a database seeded before it gets them on its next start.
  await seedOnce(database, PACKAGES_MARKER, async () => {
    const currency = String((await new SettingsService(db).getPublic()).currency ?? 'USD');
    await insertPackages(db, DEMO_PACKAGES.map((p) => ({ ...p, currency })));
  });
  const seeded = await seedOnce(database, DEMO_MARKER, async () => {
    for (const account of DEMO_ACCOUNTS) {
      if (!(await findUserByLogin(db, account.email))) await createUser(db, { ...account, verifiedEmail: true }, passwordCost);
    }
    await insertCategories(db, DEMO_CATEGORIES);
    await seedCatalogue(db, await createStorage(storage), { scale: seedScale });
  });
  // Events and comments came with the community issue: older demo databases get them on their next start.
  await seedOnce(database, COMMUNITY_MARKER, () => seedCommunity(db));
  return { seeded };
}

/** Runs `seed` unless the marker `key` says it ran on this database before; true when it ran now. */
async function seedOnce(database: Database, key: string, seed: () => Promise<void>): Promise<boolean> {
  const [marker] = await database.db.select().from(appMeta).where(eq(appMeta.key, key));
  if (marker) return false;
  await seed();
  await database.db.insert(appMeta).values({ key, value: new Date().toISOString() }).onConflictDoNothing();
  return true;
}
