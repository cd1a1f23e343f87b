/**
 * First-load JavaScript, anonymous and member side by side: the gzip bytes of every script a first view loads at
 * 1280×800 without scrolling (islands below the fold stay asleep). `npm run bench:js` runs only this; `npm run bench`
 * runs it with the server benchmarks.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { ensureBuilt } from '../scripts/build.ts';
import { hasChromium, launchBrowser } from '../tests/helpers/browser.ts';
import { startServer } from '../tests/helpers/server.ts';

/** Where a production server answers (a TestServer, or bench/tessera.ts's server). */
type Server = { url: string };

/** The budget of issue 13 for a member's list and detail pages. */
const MEMBER_BUDGET_KB = 30;

async function weigh(context: BrowserContext, url: string): Promise<{ kb: number; files: number; react: boolean }> {
  const page = await context.newPage();
  const scripts: { url: string; gzip: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push({ url: new URL(res.url()).pathname, gzip: gzipSync(await res.body()).length });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return { kb: scripts.reduce((a, s) => a + s.gzip, 0) / 1024, files: scripts.length, react: scripts.some((s) => /react|client\.[\w-]+\.js$/i.test(s.url)) };
}

async function memberContext(browser: Browser, app: Server): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const login = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'member', password: 'member-pass-123', remember: true }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  await context.addCookies([{ name: 'token', value: data.token, url: app.url }]);
  return context;
}

/** The pages to weigh: home, the lists, and a detail page of each kind (a locked video too). */
export async function pagesOf(app: Server): Promise<string[]> {
  const first = async (path: string, query = '') =>
    ((await (await fetch(`${app.url}/api${path}?limit=1${query}`)).json()) as { data: { data: { slug: string }[] } }).data.data[0]!.slug;
  return [
    '/',
    '/videos',
    '/galleries',
    '/store',
    `/videos/${await first('/assets/videos/search', '&isSale=false')}`,
    `/videos/${await first('/assets/videos/search', '&isSale=true')}`,
    `/galleries/${await first('/assets/galleries/search')}`,
    `/stories/${await first('/stories/search')}`,
    `/store/${await first('/assets/products/search')}`,
  ];
}

export async function firstLoadJs(app: Server, paths: string[]): Promise<void> {
  if (!hasChromium()) return console.log('\nJavaScript weight: skipped (no Chromium at /usr/bin/chromium)');
  const browser = await launchBrowser();
  const anonymous = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const member = await memberContext(browser, app);
  console.log(`\nJavaScript on first load (1280×800, gzip; member budget ${MEMBER_BUDGET_KB} KB):`);
  console.log(`  ${'page'.padEnd(44)} ${'anonymous'.padStart(16)} ${'member'.padStart(16)}`);
  for (const p of paths) {
    const [a, m] = [await weigh(anonymous, app.url + p), await weigh(member, app.url + p)];
    const cell = (w: typeof a) => `${w.kb.toFixed(1).padStart(5)} KB${w.react ? ' (React)' : '        '}`;
    console.log(`  ${p.slice(0, 44).padEnd(44)} ${cell(a).padStart(16)} ${cell(m).padStart(16)}${m.kb > MEMBER_BUDGET_KB ? '  over budget' : ''}`);
  }
  await browser.close();
}

if (import.meta.main) {
  ensureBuilt();
  const app = await startServer({ env: { SEED: 'demo', LOG_LEVEL: 'warn' } });
  try {
    await firstLoadJs(app, await pagesOf(app));
  } finally {
    await app.stop();
  }
}
