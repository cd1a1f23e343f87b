import { beforeAll, describe, expect, it } from 'vitest';
import { pagesOf, weighAll, type PageType, type Weight } from '../../bench/js-weight.ts';
import { chromiumMissing, hydrated, useE2e } from '../helpers/e2e.ts';

/** What a failure says: the page, its weight against its budget, and each script it loaded (largest first). */
const report = (page: PageType, who: string, w: Weight) =>
  `${page.name} (${page.path}) as a ${who}: ${w.kb.toFixed(1)} KB over ${page.budget[who as 'visitor' | 'member']} KB\n` +
  [...w.scripts]
    .sort((a, b) => b.gzip - a.gzip)
    .map((s) => `  ${(s.gzip / 1024).toFixed(2).padStart(6)} KB ${s.url}`)
    .join('\n');

/**
 * The JavaScript a first view loads (gzip, 1280×800, nothing scrolled or touched), per page type, within its budget:
 * an item's page 10 KB for a visitor, every page 30 KB for a member (bench/js-weight.ts weighs, `npm run bench:js`
 * prints the same table).
 */
describe.skipIf(chromiumMissing)('first-load JavaScript within each page type\u2019s budget', () => {
  const e2e = useE2e();
  let weights: Awaited<ReturnType<typeof weighAll>>;
  beforeAll(async () => {
    weights = await weighAll(e2e.browser, e2e.server, await pagesOf(e2e.server));
  }, 120_000);

  it('weighs an item page of each kind, the lists and home', () => {
    expect(weights.map((w) => w.page.name)).toEqual(['home', 'videos', 'galleries', 'store', 'video', 'video, locked', 'gallery', 'story', 'product']);
    // The video page is the free demo clip's, with the stream player (the template made its stream).
    expect(weights.find((w) => w.page.name === 'video')!.page.path).toBe('/videos/cellular-bloom');
  });

  for (const who of ['visitor', 'member'] as const) {
    it(`keeps every page within its budget for a ${who}`, () => {
      const over = weights.filter((w) => w[who].kb > w.page.budget[who]).map((w) => report(w.page, who, w[who]));
      expect(over, over.join('\n\n')).toEqual([]);
    });
  }

  it('loads no React before someone reaches for an island', () => {
    const withReact = weights.flatMap((w) => (['visitor', 'member'] as const).filter((who) => w[who].react).map((who) => `${w.page.path} (${who})`));
    expect(withReact).toEqual([]);
  });

  it('shows the comments without a script, and wakes their island (live) when a visitor reaches for them', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    // The demo's conversation: a comment and its reply.
    await page.goto(`${e2e.server.url}/videos/desert-colour-drift`);
    const comment = page.locator('[data-testid=comment]', { hasText: 'The colours at 0:02 are unreal' });
    await comment.scrollIntoViewIfNeeded();
    expect(await comment.isVisible()).toBe(true);
    expect(await page.textContent('[data-testid=comments-total]')).toBe('1');
    expect(await comment.locator('button', { hasText: '1 reply' }).isVisible()).toBe(true);
    expect(scripts.filter((u) => /CommentsSection|\/client\.[\w-]+\.js$/.test(u))).toEqual([]);
    await hydrated(page, '[data-testid=comments]');
    await page.waitForSelector('[data-testid=comments][data-live=true]');
    expect(scripts.filter((u) => u.includes('CommentsSection'))).toHaveLength(1);
    // Awake, the replies fold out.
    await comment.locator('button', { hasText: '1 reply' }).click();
    await comment.locator('.replies [data-testid=comment]', { hasText: 'a longer version is on the way' }).waitFor();
    await context.close();
  });
});
