import { asc, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { SitemapEntries, SitemapKind } from '../../../shared/contracts/sitemap.ts';
import { notHiddenFrom } from '../catalogue/access.ts';
import type { CatalogueTable } from '../catalogue/kinds.ts';
import { listWhere } from '../catalogue/query.ts';
import { GALLERIES, POSTS, PRODUCTS, STORIES, VIDEOS } from '../catalogue/tables.ts';

const SPECS: Record<SitemapKind, CatalogueTable<PgTable>> = {
  video: VIDEOS as never,
  gallery: GALLERIES as never,
  story: STORIES as never,
  post: POSTS as never,
  product: PRODUCTS as never,
};

/** The most entries one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** What the public sees of a kind (public, released, not hidden: the lists' own WHERE) and its publication time. */
function publicOf(kind: SitemapKind) {
  const spec = SPECS[kind];
  const dated = spec.columns.publishedAt ?? spec.columns.createdAt;
  return { spec, dated, where: listWhere(spec.columns, {}, [notHiddenFrom(null, spec.kind, spec.columns)]).where };
}

/**
 * The months (UTC, `YYYY-MM`) in which public items of a kind were published, oldest first: one index probe per month
 * (a loose scan of the publication-time index, each step jumping to the next month), never a read of every item.
 */
export async function publishedMonths(db: Tx, kind: SitemapKind): Promise<string[]> {
  const { spec, dated, where } = publicOf(kind);
  const month = sql`date_trunc('month', ${dated} at time zone 'UTC')`;
  const rows = await rowsOf<{ month: string }>(
    db,
    sql`with recursive m(month) as (
          (select ${month} from ${spec.table} where ${where} order by ${dated} limit 1)
          union all
          select (select ${month} from ${spec.table} where ${where} and ${dated} >= (m.month + interval '1 month') at time zone 'UTC'
                  order by ${dated} limit 1)
          from m where m.month is not null)
        select to_char(month, 'YYYY-MM') as month from m where month is not null`,
  );
  return rows.map((r) => r.month);
}

/** The public items of a kind published in one month (UTC), oldest first: their address and dates, nothing else. */
export async function publishedIn(db: Tx, kind: SitemapKind, month: string): Promise<SitemapEntries['data']> {
  const { spec, dated, where } = publicOf(kind);
  const start = sql`(${month} || '-01')::timestamp at time zone 'UTC'`;
  const c = spec.columns;
  const table = spec.table as unknown as Record<string, typeof dated>;
  const rows = await db
    .select({ slug: c.slug, createdAt: c.createdAt, updatedAt: table.updatedAt!, ...(c.publishedAt ? { publishedAt: c.publishedAt } : {}) })
    .from(spec.table)
    .where(sql`${where} and ${dated} >= ${start} and ${dated} < ${start} + interval '1 month'`)
    .orderBy(asc(dated), asc(c.id))
    .limit(SITEMAP_MAX_URLS);
  return (rows as { slug: string; createdAt: Date; updatedAt: Date; publishedAt?: Date }[]).map((r) => ({
    slug: r.slug,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    ...(r.publishedAt ? { publishedAt: r.publishedAt.toISOString() } : {}),
  }));
}
