import { eq } from 'drizzle-orm';
import { entitlements, galleries, stories, videos } from '../../src/server/db/schema.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import type { ApiHarness } from './api.ts';

/** The demo catalogue (accounts, categories, items and their media) in the harness's database. */
export async function seedCatalogue(h: ApiHarness): Promise<void> {
  await seedDemo(h.database, h.config);
}

const TABLES = { video: videos, gallery: galleries, story: stories } as const;

/** Records that a member owns an item without buying it (catalogue tests; purchases are tested through their own calls). */
export async function grant(h: ApiHarness, userId: string, itemType: keyof typeof TABLES, slug: string): Promise<string> {
  const table = TABLES[itemType];
  const [item] = await h.database.db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
  await h.database.db.insert(entitlements).values({ userId, itemType, itemId: item!.id }).onConflictDoNothing();
  return item!.id;
}

export async function getJson(h: ApiHarness, url: string, token?: string) {
  const res = await h.app.inject({ url, headers: token ? { authorization: token } : {} });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
