import { listCall, type ApiCalls } from '../../shared/calls.ts';
import { SITE_LANGUAGE } from '../../shared/messages.ts';
import { CATALOGUE_ROUTES, itemRoute, type CatalogueKind } from '../../shared/routes.ts';
import { modifiedAt } from './structured-data.ts';

/** Entries per sitemap file (the API's largest page). */
export const SITEMAP_PAGE = 200;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** One page of a kind's items as the anonymous API shows them (so locked content never reaches a feed or sitemap). */
async function page(api: ApiCalls, kind: CatalogueKind, n: number) {
  const q = { limit: SITEMAP_PAGE, offset: (n - 1) * SITEMAP_PAGE, sortBy: 'oldest' as const };
  const { data } = await listCall(api, kind)(q);
  return data as { data: { slug: string; createdAt: string; updatedAt: string; publishedAt?: string }[]; total: number };
}

export const KINDS_IN_SITEMAP: CatalogueKind[] = ['video', 'gallery', 'story', 'post', 'product'];

/** The sitemap index: the static pages, then each kind's item pages. */
export async function sitemapIndex(api: ApiCalls, origin: string): Promise<string> {
  const files = ['/sitemap/pages.xml'];
  for (const kind of KINDS_IN_SITEMAP) {
    const { total } = await page(api, kind, 1);
    for (let n = 1; n <= Math.max(1, Math.ceil(total / SITEMAP_PAGE)); n++) files.push(`/sitemap/${kind}-${n}.xml`);
  }
  const entries = files.map((f) => `<sitemap><loc>${escapeXml(origin + f)}</loc></sitemap>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`;
}

/** One sitemap file: `pages` (home and list pages) or `<kind>-<n>`; null for an unknown name. */
export async function sitemapFile(api: ApiCalls, origin: string, name: string): Promise<string | null> {
  let urls: { loc: string; lastmod?: string }[];
  if (name === 'pages') urls = ['/', ...Object.values(CATALOGUE_ROUTES)].map((p) => ({ loc: p }));
  else {
    const match = /^(video|gallery|story|post|product)-([1-9]\d{0,4})$/.exec(name);
    if (!match) return null;
    const kind = match[1] as CatalogueKind;
    const { data } = await page(api, kind, Number(match[2]));
    if (data.length === 0 && match[2] !== '1') return null;
    // The same date as the page's structured data (dateModified): the last edit, or the publication if later.
    urls = data.map((i) => ({ loc: itemRoute(kind, i.slug), lastmod: modifiedAt(i) }));
  }
  const body = urls.map((u) => `<url><loc>${escapeXml(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`;
}

/**
 * RSS 2.0 of the newest posts or stories; stories carry their teaser only, posts their full text. The channel names
 * its own address (`atom:link rel="self"`) and language; every link is absolute on the public origin.
 */
export async function rssFeed(api: ApiCalls, origin: string, kind: 'post' | 'story', siteName: string): Promise<string> {
  const items =
    kind === 'post'
      ? (await api.posts({ type: 'post', limit: 30 })).data.data.map((p) => ({
          slug: p.slug,
          title: p.title,
          description: p.shortDescription,
          date: p.publishedAt,
        }))
      : (await api.stories({ limit: 30 })).data.data.map((s) => ({
          slug: s.slug,
          title: s.title,
          description: s.isLocked ? `${s.shortDescription} (${s.price} tokens to unlock)` : s.shortDescription,
          date: s.publishedAt,
        }));
  const title = `${siteName}: ${kind === 'post' ? 'posts' : 'stories'}`;
  const link = origin + CATALOGUE_ROUTES[kind];
  const self = `${link}/rss.xml`;
  const entries = items
    .map((i) => {
      const url = origin + itemRoute(kind, i.slug);
      return `<item><title>${escapeXml(i.title)}</title><link>${escapeXml(url)}</link><guid isPermaLink="true">${escapeXml(url)}</guid><description>${escapeXml(i.description)}</description><pubDate>${new Date(i.date).toUTCString()}</pubDate></item>`;
    })
    .join('');
  const built = items[0] ? `<lastBuildDate>${new Date(items[0].date).toUTCString()}</lastBuildDate>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${escapeXml(title)}</title><link>${escapeXml(link)}</link><atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/><description>${escapeXml(title)}</description><language>${SITE_LANGUAGE}</language>${built}${entries}</channel></rss>`;
}
