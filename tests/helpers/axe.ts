import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Every rule axe runs by default (WCAG 2.0–2.2 A and AA, best practices), plus one experimental rule issue 13 asks
 * for: a control's name contains its visible label (WCAG 2.5.3, e.g. the banner slides).
 */
const AXE_OPTIONS = { resultTypes: ['violations' as const], rules: { 'label-content-name-mismatch': { enabled: true } } };

/** axe on the page as it is now: one line per failing node (empty when it passes). */
export async function axeProblems(page: Page, what: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().options(AXE_OPTIONS).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((node) => `${what}: ${v.id} (${v.impact}) ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`),
  );
}

/**
 * The pages one theme's axe pass visits, out of a list checked in both themes: in a review run (`SCREENSHOTS=1`,
 * where every page is also drawn in both) all of them; otherwise every other one, the themes alternating, so each page
 * is checked once and each theme on half of them (they share one stylesheet), at half the suite's time.
 */
export const pagesFor = <T>(pages: T[], theme: 'light' | 'dark'): T[] =>
  process.env.SCREENSHOTS ? pages : pages.filter((_, i) => (i % 2 === 0) === (theme === 'light'));

/** How many pixels wider than a phone's screen (320 px) the page is: 0 when it never scrolls sideways there. */
export async function overflowOnPhone(page: Page, width = 320): Promise<number> {
  const before = page.viewportSize();
  if (before?.width !== width) await page.setViewportSize({ width, height: before?.height ?? 800 });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (before && before.width !== width) await page.setViewportSize(before);
  return wide;
}
