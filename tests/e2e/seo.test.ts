import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, openSettled, useE2e } from '../helpers/e2e.ts';
import { detail } from '../helpers/images.ts';
import { checkJsonLd, typesIn } from '../helpers/schema-org.ts';

/** The configured public origin: no request reaches it; every absolute link must start with it all the same. */
const ORIGIN = 'http://tessera.test';

/** One page of each public type, and the schema.org type its structured data describes. */
const PAGES = {
  home: { path: '/', type: 'WebSite' },
  list: { path: '/videos', type: 'CollectionPage' },
  video: { path: '/videos/the-garden-of-life', type: 'VideoObject' },
  gallery: { path: '/galleries/city-after-dark', type: 'ImageGallery' },
  story: { path: '/stories/notes-from-a-night-shoot', type: 'Article' },
  post: { path: '/posts/welcome-to-tessera', type: 'BlogPosting' },
  product: { path: '/store/tessera-enamel-mug', type: 'Product' },
} as const;

const attr = (html: string, re: RegExp) => re.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;
const meta = (html: string, property: string) => attr(html, new RegExp(`<meta (?:property|name)="${property.replace(/:/g, '\\:')}" content="([^"]*)"`));
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** What robots.txt says of a path for every crawler: the longest matching Allow/Disallow rule wins (RFC 9309). */
function robotsAllow(robots: string, path: string): boolean {
  const rules = [...robots.matchAll(/^(Allow|Disallow):\s*(\S*)$/gim)].map((m) => ({ allow: m[1]!.toLowerCase() === 'allow', prefix: m[2]! }));
  const match = rules.filter((r) => r.prefix && path.startsWith(r.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  return match ? match.allow : true;
}

describe.skipIf(chromiumMissing)('findable: structured data, share pictures, sitemap and feeds', () => {
  // The operator declared what a token is worth, so products can state a money price.
  const e2e = useE2e({ env: { PUBLIC_URL: ORIGIN }, cli: [['settings', 'set', 'tokenPrice', '0.1']] });
  /** Where the test reaches an absolute URL of the site (the configured origin is not resolvable here). */
  const local = (url: string) => {
    expect(url.startsWith(`${ORIGIN}/`), `${url} is not on ${ORIGIN}`).toBe(true);
    return e2e.server.url + url.slice(ORIGIN.length);
  };
  const fetchPage = async (path: string) => {
    const res = await fetch(e2e.server.url + path, { redirect: 'manual' });
    expect(res.status, path).toBe(200);
    return res.text();
  };

  it('every public page type describes itself in valid schema.org JSON-LD, with nothing made up', async () => {
    for (const [name, page] of Object.entries(PAGES)) {
      const docs = jsonLdOf(await fetchPage(page.path));
      expect(docs.length, name).toBe(1);
      expect(checkJsonLd(docs[0], { origin: ORIGIN }), name).toEqual([]);
      expect(typesIn(docs[0]), name).toContain(page.type);
    }
    const [home] = jsonLdOf(await fetchPage(PAGES.home.path));
    expect(typesIn(home)).toEqual(expect.arrayContaining(['WebSite', 'Organization']));
    // Articles are by the site, and say when they last changed.
    for (const path of [PAGES.story.path, PAGES.post.path]) {
      const [article] = jsonLdOf(await fetchPage(path));
      expect(article, path).toMatchObject({ author: { '@type': 'Organization', name: 'Tessera', url: `${ORIGIN}/` }, dateModified: expect.any(String) });
    }
    // The mug costs 35 tokens; at 0.1 USD a token that is 3.50 USD: an Offer in money, never in a made-up currency.
    const [product] = jsonLdOf(await fetchPage(PAGES.product.path));
    expect(product!.offers).toMatchObject({ '@type': 'Offer', price: '3.50', priceCurrency: 'USD', url: `${ORIGIN}${PAGES.product.path}` });
    expect(await fetchPage(PAGES.product.path)).toContain('35 tokens');
  });

  it('og:image, twitter:image and the JSON-LD pictures are the share pictures: on the public origin, unsigned, 1200×630, open to crawlers', async () => {
    const robots = await fetchPage('/robots.txt');
    for (const [name, page] of Object.entries(PAGES)) {
      if (name === 'list') continue;
      const html = await fetchPage(page.path);
      const image = meta(html, 'og:image');
      expect(image, name).toMatch(new RegExp(`^${ORIGIN}/share/(video|gallery|story|post|product|banner)/[0-9a-f-]{36}\\.jpg$`));
      expect(meta(html, 'twitter:image'), name).toBe(image);
      expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')], name).toEqual(['1200', '630']);
      expect(meta(html, 'og:url'), name).toBe(`${ORIGIN}${page.path}`);
      if (name !== 'home') expect(JSON.stringify(jsonLdOf(html)), name).toContain(`"${image}"`);
      expect(robotsAllow(robots, new URL(image!).pathname), `${image} is disallowed by robots.txt`).toBe(true);

      const res = await fetch(local(image!));
      expect(res.status, image!).toBe(200);
      expect(res.headers.get('content-type'), image!).toBe('image/jpeg');
      expect(res.headers.get('cache-control'), image!).toMatch(/^public, max-age=\d+$/);
      const { width, height, format } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ width, height, format }, image!).toEqual({ width: 1200, height: 630, format: 'jpeg' });
    }
  });

  it("a locked item's share picture keeps none of the detail its buyers see; an open item's keeps it", async () => {
    const login = await fetch(`${e2e.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: e2e.server.adminPassword() }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const bytes = async (url: string, headers: Record<string, string> = {}) => Buffer.from(await (await fetch(url, { headers })).arrayBuffer());
    const compare = async (kind: 'videos' | 'stories', slug: string, api: string) => {
      const image = meta(await fetchPage(`/${kind}/${slug}`), 'og:image')!;
      const shared = await bytes(local(image));
      // A picture worth sharing (1200 px wide, not a 48 px preview) at an address that does not expire.
      expect(new URL(image).search, image).toBe('');
      expect((await sharp(shared).metadata()).width, image).toBe(1200);
      // What an admin (who sees everything, like a buyer) gets: the full picture behind a signed link.
      const item = (
        (await (await fetch(`${e2e.server.url}/api/${api}`, { headers: { authorization: token } })).json()) as { data: Record<string, { url: string }> }
      ).data;
      const full = await bytes(e2e.server.url + (item.thumbnail ?? item.coverImage)!.url);
      return { shared: await detail(shared), full: await detail(full) };
    };
    for (const [kind, slug, api] of [
      ['videos', 'the-garden-of-life', 'assets/videos/the-garden-of-life'],
      ['stories', 'notes-from-a-night-shoot', 'stories/notes-from-a-night-shoot/view'],
    ] as const) {
      const { shared, full } = await compare(kind, slug, `${api}?countView=false`);
      expect(full, slug).toBeGreaterThan(0.1);
      expect(shared, slug).toBeLessThan(0.02 * full);
    }
    const open = await compare('videos', 'coral-reef-colonies', 'assets/videos/coral-reef-colonies?countView=false');
    expect(open.full).toBeGreaterThan(0.1);
    expect(open.shared).toBeGreaterThan(0.6 * open.full);
  });

  it('every sitemap URL is on the public origin and answers 200; an item’s lastmod is its page’s dateModified', async () => {
    expect(await fetchPage('/robots.txt')).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const files = locs(await fetchPage('/sitemap.xml'));
    expect(files.length).toBeGreaterThan(5);
    const pages: { loc: string; lastmod: string | null }[] = [];
    for (const file of files) {
      local(file);
      const xml = await fetchPage(new URL(file).pathname);
      for (const m of xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)) pages.push({ loc: m[1]!, lastmod: m[2] ?? null });
    }
    expect(pages.length).toBeGreaterThan(40);
    const dated: string[] = [];
    const edited: string[] = [];
    for (const { loc, lastmod } of pages) {
      const res = await fetch(local(loc), { redirect: 'manual' });
      expect(res.status, loc).toBe(200);
      expect(res.headers.get('content-type'), loc).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html, loc).not.toContain('<meta name="robots" content="noindex"');
      expect(attr(html, /<link rel="canonical" href="([^"]+)"/), loc).toBe(loc);
      const [ld] = jsonLdOf(html);
      if (typeof ld?.dateModified === 'string') {
        expect(lastmod, loc).toBe(ld.dateModified);
        dated.push(loc);
        if (ld.dateModified !== ld.datePublished) edited.push(loc);
      }
    }
    // Galleries, stories and posts all say when they changed, and some of the demo's were edited after they went out.
    expect(edited.length).toBeGreaterThan(0);
    expect(dated.filter((l) => /\/(galleries|stories|posts)\//.test(l)).length).toBe(pages.filter((p) => /\/(galleries|stories|posts)\//.test(p.loc)).length);
  });

  it('the RSS feeds name their own address (atom:link rel=self) and language, and link to pages that answer 200', async () => {
    for (const feed of ['/posts/rss.xml', '/stories/rss.xml']) {
      const res = await fetch(e2e.server.url + feed);
      expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
      const xml = await res.text();
      expect(xml, feed).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">');
      expect(xml, feed).toContain(`<atom:link href="${ORIGIN}${feed}" rel="self" type="application/rss+xml"/>`);
      expect(xml, feed).toContain('<language>en</language>');
      const links = [...xml.matchAll(/<link>([^<]+)<\/link>/g)].map((m) => m[1]!);
      expect(links.length, feed).toBeGreaterThan(3);
      for (const link of links) expect((await fetch(local(link), { redirect: 'manual' })).status, link).toBe(200);
    }
  });

  it("every page a visitor lands on passes Lighthouse's SEO checks: title, description, lang, canonical, alt text, link text", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const landing = [...Object.values(PAGES).map((p) => p.path), '/categories/nature', '/events', '/contact', '/tokens', '/auth/login', '/auth/register'];
    for (const path of landing) {
      const response = await openSettled(page, e2e.server.url + path);
      expect(response?.status(), path).toBe(200);
      const audit = await page.evaluate(() => {
        // Lighthouse's list of link texts that say nothing about where a link goes (English part).
        const generic = new Set([
          'click here',
          'click this',
          'go',
          'here',
          'information',
          'learn more',
          'more',
          'more info',
          'more information',
          'right here',
          'read more',
          'see more',
          'start',
          'this',
        ]);
        const content = (selector: string) => document.querySelector(selector)?.getAttribute('content')?.trim() ?? '';
        return {
          lang: document.documentElement.lang,
          title: document.title.trim().length > 0,
          description: content('meta[name=description]').length > 0,
          viewport: content('meta[name=viewport]').includes('width=device-width'),
          canonical: [...document.querySelectorAll('link[rel=canonical]')].map((l) => l.getAttribute('href')),
          imagesWithoutAlt: [...document.querySelectorAll('img:not([alt])')].map((i) => i.outerHTML.slice(0, 120)),
          vagueLinks: [...document.querySelectorAll('a[href]')]
            .filter((a) => !(a.getAttribute('rel') ?? '').includes('nofollow') && generic.has((a.textContent ?? '').trim().toLowerCase()))
            .map((a) => a.outerHTML.slice(0, 120)),
          uncrawlableLinks: [...document.querySelectorAll('a[href]')]
            .map((a) => a.getAttribute('href')!.replace(/\s/g, ''))
            .filter((href) => href === '' || /^javascript:/i.test(href) || href.startsWith('file:')),
        };
      });
      expect(audit, path).toEqual({
        lang: 'en',
        title: true,
        description: true,
        viewport: true,
        canonical: [`${ORIGIN}${path}`],
        imagesWithoutAlt: [],
        vagueLinks: [],
        uncrawlableLinks: [],
      });
    }
    await context.close();
  });
});
