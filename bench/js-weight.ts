/**
 * First-load JavaScript, visitor and member side by side, against each page type's budget: the gzip bytes of every
 * script a first view loads at 1280×800 without scrolling (islands below the fold stay asleep, `client:interaction`
 * ones until someone reaches for them). `npm run bench:js` runs only this, on the demo with its clips made playable;
 * `npm run bench` runs it with the server benchmarks. tests/e2e/js-budget.test.ts fails a page type over its budget.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { ensureBuilt } from '../scripts/build.ts';
import { DEMO_CLIPS } from '../src/server/db/demo/demo-clips.ts';
import { slugify } from '../src/server/lib/text/slug.ts';
import { hasChromium, launchBrowser } from '../tests/helpers/browser.ts';
import { makeTemplate, startServer } from '../tests/helpers/server.ts';

/** Where a production server answers (a TestServer, or bench/tessera.ts's server). */
type Server = { url: string };

/** A page type's budget, in KB of gzip (issue 13: a member's page 30 KB; issue 33: an item's page 10 KB for a visitor). */
export interface Budget {
  visitor: number;
  member: number;
}
const PAGE: Budget = { visitor: 30, member: 30 };
const ITEM: Budget = { visitor: 10, member: 30 };

/** One page type: its name in the table, the page weighed for it, its budget. */
export interface PageType {
  name: string;
  path: string;
  budget: Budget;
}

export interface Weight {
  /** KB of gzip, all scripts together. */
  kb: number;
  /** Each script's path and its gzip bytes. */
  scripts: { url: string; gzip: number }[];
  react: boolean;
}

const viewport = { width: 1280, height: 800 };

/** How long the network stays quiet before a view counts as loaded (Playwright's `networkidle`). */
const QUIET_MS = 500;
const SETTLE_TIMEOUT_MS = 30_000;

/**
 * Resolves once `page` has had no request in flight for QUIET_MS, as Playwright's `networkidle`, but not held up by
 * what never ends there: a teaser's `preload="metadata"` request, and Astro's preload of a server island (fetched again
 * by its script; Chromium may leave the preload reported in flight for good, see tests/helpers/e2e.ts openSettled).
 */
function quiet(page: Page): () => Promise<void> {
  const pending = new Set<Request>();
  const counts = (r: Request) => r.resourceType() !== 'media' && !(r.resourceType() === 'other' && r.url().includes('/_server-islands/'));
  let timer: NodeJS.Timeout | undefined;
  let settle = () => {};
  const check = () => {
    clearTimeout(timer);
    if (!pending.size) timer = setTimeout(() => settle(), QUIET_MS);
  };
  page.on('request', (r) => {
    if (!counts(r)) return;
    pending.add(r);
    clearTimeout(timer);
  });
  const done = (r: Request) => {
    if (pending.delete(r)) check();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () =>
    new Promise<void>((resolve, reject) => {
      const limit = setTimeout(() => reject(new Error(`${page.url()}: the network was not quiet in ${SETTLE_TIMEOUT_MS / 1000} s`)), SETTLE_TIMEOUT_MS);
      settle = () => (clearTimeout(limit), resolve());
      check();
    });
}

/** The scripts the first view of `url` loads: until it is loaded, its server islands are in, and the network is quiet. */
export async function weigh(context: BrowserContext, url: string): Promise<Weight> {
  const page = await context.newPage();
  const scripts: Weight['scripts'] = [];
  const read: Promise<unknown>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    read.push(res.body().then((body) => scripts.push({ url: new URL(res.url()).pathname, gzip: gzipSync(body).length })));
  });
  const settled = quiet(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => !document.querySelector('script[data-island-id]'));
  await settled();
  await Promise.all(read);
  await page.close();
  return { kb: scripts.reduce((a, s) => a + s.gzip, 0) / 1024, scripts, react: scripts.some((s) => /\/(client|react|react-dom)\.[\w-]+\.js$/.test(s.url)) };
}

export const visitorContext = (browser: Browser): Promise<BrowserContext> => browser.newContext({ viewport });

/** A browser context with the demo member's `token` cookie (the pages shared by visitors and members, as a member). */
export async function memberContext(browser: Browser, app: Server): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const login = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'member', password: 'member-pass-123', remember: true }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  await context.addCookies([{ name: 'token', value: data.token, url: app.url }]);
  return context;
}

/**
 * The page types: home, the lists, and an item's page of each kind. The video pages are the demo clips' (the free one
 * with the stream player, the priced one with its teaser and the unlock panel) when their media are made, else the
 * first free and priced videos; the gallery is the first (a short one: its comments are in view).
 */
export async function pagesOf(app: Server): Promise<PageType[]> {
  const get = async (p: string) => {
    const res = await fetch(`${app.url}/api${p}`);
    return res.ok ? ((await res.json()) as { data: unknown }).data : null;
  };
  const first = async (p: string, query = '') => ((await get(`${p}?limit=1${query}`)) as { data: { slug: string }[] }).data[0]!.slug;
  const clip = async (price: 'free' | 'priced', fallback: string) => {
    const slug = slugify(DEMO_CLIPS.find((c) => c.price > 0 === (price === 'priced'))!.title);
    return (await get(`/assets/videos/${slug}?countView=false`)) ? slug : first('/assets/videos/search', fallback);
  };
  return [
    { name: 'home', path: '/', budget: PAGE },
    { name: 'videos', path: '/videos', budget: PAGE },
    { name: 'galleries', path: '/galleries', budget: PAGE },
    { name: 'store', path: '/store', budget: PAGE },
    { name: 'video', path: `/videos/${await clip('free', '&isSale=false')}`, budget: ITEM },
    { name: 'video, locked', path: `/videos/${await clip('priced', '&isSale=true')}`, budget: ITEM },
    { name: 'gallery', path: `/galleries/${await first('/assets/galleries/search')}`, budget: ITEM },
    { name: 'story', path: `/stories/${await first('/stories/search')}`, budget: PAGE },
    { name: 'product', path: `/store/${await first('/assets/products/search')}`, budget: PAGE },
  ];
}

/** Every page type weighed for a visitor and for the demo member, in the browser given. */
export async function weighAll(browser: Browser, app: Server, pages: PageType[]): Promise<{ page: PageType; visitor: Weight; member: Weight }[]> {
  const [visitor, member] = [await visitorContext(browser), await memberContext(browser, app)];
  try {
    const out = [];
    for (const page of pages) out.push({ page, visitor: await weigh(visitor, app.url + page.path), member: await weigh(member, app.url + page.path) });
    return out;
  } finally {
    await Promise.all([visitor.close(), member.close()]);
  }
}

/** Prints the table: each page type's weight for a visitor and a member, beside its budget. */
export async function firstLoadJs(app: Server, pages: PageType[]): Promise<void> {
  if (!hasChromium()) return console.log('\nJavaScript weight: skipped (no Chromium at /usr/bin/chromium)');
  const browser = await launchBrowser();
  try {
    const rows = await weighAll(browser, app, pages);
    console.log('\nJavaScript on first load (1280×800, gzip KB; budget after the slash; files in brackets):');
    console.log(`  ${'page type'.padEnd(14)} ${'path'.padEnd(40)} ${'visitor'.padStart(22)} ${'member'.padStart(22)}`);
    for (const { page, visitor, member } of rows) {
      const cell = (w: Weight, budget: number) =>
        `${w.kb.toFixed(1).padStart(5)} / ${budget} [${String(w.scripts.length).padStart(2)}]${w.react ? ' React' : '      '}${w.kb > budget ? ' OVER' : '     '}`;
      console.log(`  ${page.name.padEnd(14)} ${page.path.slice(0, 40).padEnd(40)} ${cell(visitor, page.budget.visitor)} ${cell(member, page.budget.member)}`);
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.main) {
  ensureBuilt();
  // The demo with its clips through the media pipeline (as the e2e tests' template): the free clip's page has the stream player.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-js-weight-'));
  await makeTemplate(dataDir).catch((err: Error) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const app = await startServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
  try {
    await firstLoadJs(app, await pagesOf(app));
  } finally {
    await app.stop();
  }
}
