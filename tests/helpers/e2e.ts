import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { hasChromium, launchBrowser } from './browser.ts';
import { startServer, type TestServer } from './server.ts';

export const chromiumMissing = !hasChromium();
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export interface E2e {
  server: TestServer;
  browser: Browser;
  /** The browser's policy refusals and complaints since the test began (see watchCsp); any left at its end fail it. */
  cspViolations: string[];
}

/**
 * beforeAll: the production server on a fresh data folder, and the worker's Chromium; afterAll: the server stopped and
 * every browser context the file opened closed.
 */
export function useE2e(opts: Parameters<typeof startServer>[0] = {}): E2e {
  const e2e = { cspViolations: [] } as unknown as E2e;
  const violations = e2e.cspViolations;
  beforeAll(async () => {
    [e2e.server, e2e.browser] = await Promise.all([startServer(opts), workerBrowser()]);
    cspViolations = violations;
  });
  // The site runs with its Content-Security-Policy on: anything it refuses fails the test that caused it.
  afterEach(() => {
    const seen = violations.splice(0);
    if (seen.length) throw new Error(`The browser refused or complained about a policy:\n${seen.join('\n')}`);
  });
  afterAll(async () => {
    await Promise.all(e2e.browser?.contexts().map((context) => context.close()) ?? []);
    const code = await e2e.server?.stop();
    if (code !== 0 && code !== null) throw new Error(`server exited with ${code} on SIGTERM:\n${e2e.server.output()}`);
  });
  return e2e;
}

/**
 * One Chromium per test worker, launched by its first browser-test file and used by the ones after it (the e2e project
 * shares modules between a worker's files, `isolate: false`): a launch and a browser's first page cost ~1.5 s of CPU,
 * ~35 s over the suite. Files share nothing else: each opens its own contexts (cookies, storage, cache) and closes
 * them at its end. A browser that went away, or failed to start, is launched again.
 */
let launched: Promise<Browser> | undefined;
/** Where the worker's browser records Content-Security-Policy refusals: the running file's list. */
let cspViolations: string[] = [];

function workerBrowser(): Promise<Browser> {
  launched ??= launchBrowser().then(
    (browser) => {
      browser.once('disconnected', () => (launched = undefined));
      watchCsp(browser);
      return browser;
    },
    (err: Error) => {
      launched = undefined;
      throw err;
    },
  );
  return launched;
}

/**
 * Records the browser's Content-Security-Policy refusals, and its complaints about the Permissions-Policy header (a
 * feature it does not know), on every page of every context the browser opens
 * (`browser.newPage()` opens its page in a context of its own through `newContext`, so it is covered too).
 */
function watchCsp(browser: Browser) {
  const listen = (target: BrowserContext) =>
    target.on('console', (message: ConsoleMessage) => {
      if (/Content Security Policy|Permissions-Policy/i.test(message.text())) cspViolations.push(message.text());
    });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    listen(context);
    return context;
  };
}

/**
 * Saves a picture of the page to look at (test-results/screenshots), when the run asks for them: `SCREENSHOTS=1`
 * (`npm run test:screenshots`). Pictures are for people, not assertions, and drawing ~100 full pages is a fifth of
 * the browser tests' time, so a plain `npm test` skips them.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

export async function logIn(page: Page, base: string, login = 'member', password = 'member-pass-123', remember = true) {
  await page.goto(`${base}/auth/login`);
  await hydrated(page, '#login');
  await page.fill('#login', login);
  await page.fill('#password', password);
  if (!remember) await page.uncheck('input[type=checkbox]');
  await Promise.all([page.waitForURL(`${base}/`), page.click('button[type=submit]')]);
  // The home page is shared by visitors and members: the member's corner is filled in by the browser.
  await page.waitForSelector('#member:not([aria-busy])');
}

/**
 * Opens `url` and waits until the page has settled: loaded, and its server islands (`server:defer`, the personal parts
 * of a page shared by visitors and members) in place. Not 'networkidle': when a server island's answer is slow,
 * Chromium leaves Astro's preload of it (fetched a second time by its script) reported as in flight for good.
 */
export async function openSettled(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => !document.querySelector('script[data-island-id]'));
  return response;
}

/**
 * Waits until the island holding `selector` has hydrated: scrolled into view first (client:visible islands wait for
 * it) and pointed at (client:interaction islands wake when the visitor reaches for them). Markup woken by a custom
 * element instead (the stream player's `<tessera-player>`) is ready once the element is defined.
 */
export async function hydrated(page: Page, selector: string) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await page.locator(selector).first().dispatchEvent('pointerover');
  await page.waitForFunction((s) => {
    const el = document.querySelector(s);
    return Boolean(el) && !el!.closest('astro-island')?.hasAttribute('ssr') && !el!.closest(':not(:defined)');
  }, selector);
}

/**
 * Waits until a member's reaction buttons on an item page are ready: hydrated, and their own presses read from the API
 * (the buttons are busy until then). A test that ends the session or counts presses waits for this first, or the read
 * may be the call that meets the change.
 */
export async function reactionsRead(page: Page) {
  await page.waitForSelector('.reactions[role=group]:not([aria-busy])');
}

/**
 * A call to the test server's API that must succeed (200): a GET, or a POST with `body`, as the member of `token`;
 * answers the envelope's `data`.
 */
export const apiOf = (base: () => string) => async (path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base()}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()).data;
};

/** The back office's operator: a new browser context logged in as the demo admin (its session cookie) and a page in it. */
export async function operatorOf(e2e: E2e, theme: 'light' | 'dark' = 'light', width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const res = await fetch(`${e2e.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: e2e.server.adminPassword() }),
  });
  const { token } = (await res.json()).data;
  const context = await e2e.browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
  await context.addCookies([{ name: 'token', value: token, url: e2e.server.url }]);
  return { context, page: await context.newPage() };
}
