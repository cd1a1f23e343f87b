import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { hasChromium, launchBrowser } from './browser.ts';
import { startServer, type TestServer } from './server.ts';

export const chromiumMissing = !hasChromium();
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export interface E2e {
  server: TestServer;
  browser: Browser;
}

/** beforeAll: the production server on a fresh data folder and the system Chromium; afterAll: both stopped. */
export function useE2e(opts: Parameters<typeof startServer>[0] = {}): E2e {
  const e2e = {} as E2e;
  beforeAll(async () => {
    [e2e.server, e2e.browser] = await Promise.all([startServer(opts), launchBrowser()]);
  });
  afterAll(async () => {
    await e2e.browser?.close();
    const code = await e2e.server?.stop();
    if (code !== 0 && code !== null) throw new Error(`server exited with ${code} on SIGTERM:\n${e2e.server.output()}`);
  });
  return e2e;
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export async function logIn(page: Page, base: string, login = 'member', password = 'member-pass-123', remember = true) {
  await page.goto(`${base}/auth/login`);
  await page.fill('#login', login);
  await page.fill('#password', password);
  if (!remember) await page.uncheck('input[type=checkbox]');
  await Promise.all([page.waitForURL(`${base}/`), page.click('button[type=submit]')]);
}

/** Waits until the island holding `selector` has hydrated (scrolled into view first: client:visible islands wait for it). */
export async function hydrated(page: Page, selector: string) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await page.waitForFunction((s) => {
    const el = document.querySelector(s);
    return Boolean(el) && !el!.closest('astro-island')?.hasAttribute('ssr');
  }, selector);
}
