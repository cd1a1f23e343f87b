import type { ApiCalls } from '../../shared/page-calls.ts';
import { SITEMAP_KINDS, type SitemapKind } from '../../shared/contracts/sitemap.ts';
import { SITE_LANGUAGE } from '../../shared/messages.ts';
import { CATALOGUE_ROUTES, itemRoute } from '../../shared/routes.ts';
import { modifiedAt } from './structured-data.ts';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * The sitemap index: the static pages, then one file per kind and month of publication (`/sitemap/video-2026-11.xml`),
 * so that every public item is listed however many there are, each file found by its dates (the API's sitemap calls
 * read the public items as an anonymous visitor sees them: locked content never reaches a sitemap).
 */
export async function sitemapIndex(api: ApiCalls, origin: string): Promise<string> {
  const months = (await api.sitemapMonths()).data;
  const files = ['/sitemap/pages.xml', ...SITEMAP_KINDS.flatMap((kind) => months[kind].map((month) => `/sitemap/${kind}-${month}.xml`))];
  const entries = files.map((f) => `<sitemap><loc>${escapeXml(origin + f)}</loc></sitemap>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`;
}

/** One sitemap file: `pages` (home and list pages) or `<kind>-<YYYY-MM>`; null for an unknown name. */
export async function sitemapFile(api: ApiCalls, origin: string, name: string): Promise<string | null> {
  let urls: { loc: string; lastmod?: string }[];
  if (name === 'pages') urls = ['/', ...Object.values(CATALOGUE_ROUTES)].map((p) => ({ loc: p }));
  else {
    const match = /^(video|gallery|story|post|product)-(\d{4}-(?:0[1-9]|1[0-2]))$/.exec(name);
    if (!match) return null;
    const kind = match[1] as SitemapKind;
    const { data } = (await api.sitemapEntries(kind, match[2]!)).data;
    if (data.length === 0) return null;
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
