import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, pagesFor } from '../helpers/axe.ts';
import { apiOf, chromiumMissing, screenshot, useE2e } from '../helpers/e2e.ts';

type Who = 'visitor' | 'member';

interface CartLine {
  _id: string;
  quantity: number;
  physical?: boolean;
}

/** One page of each type; `who` says which passes visit it (a member is sent away from the login and register pages). */
interface PageType {
  name: string;
  path: string;
  who: Who[];
  /** The page is opened with the test's cart (a print and a download) in localStorage. */
  withCart?: boolean;
  /** The visitor's country (the server believes the test header). */
  country?: string;
  /** Saves a screenshot of the phone pass under this name (test-results/screenshots), to look at. */
  shot?: string;
}

const BOTH: Who[] = ['visitor', 'member'];
/**
 * The visitor's pages, and the public pages whose markup is the same for a member apart from the header (lists, search,
 * 404): the member's header is checked on every page of the member's pass, so these are visited once (time).
 */
const VISITOR: Who[] = ['visitor'];
const MEMBER: Who[] = ['member'];

const PAGES: PageType[] = [
  { name: 'home', path: '/', who: BOTH, shot: 'home' },
  { name: 'videos', path: '/videos', who: VISITOR, shot: 'videos' },
  { name: 'galleries', path: '/galleries', who: VISITOR },
  { name: 'stories', path: '/stories', who: VISITOR },
  { name: 'posts', path: '/posts', who: VISITOR },
  { name: 'store', path: '/store', who: VISITOR },
  { name: 'free video', path: '/videos/desert-colour-drift', who: BOTH },
  { name: 'locked video', path: '/videos/northern-lights-over-the-fjord', who: BOTH, shot: 'locked-video' },
  { name: 'free gallery', path: '/galleries/alpine-ridges', who: BOTH },
  { name: 'locked gallery', path: '/galleries/city-after-dark', who: BOTH },
  { name: 'free story', path: '/stories/the-map-that-drew-itself', who: BOTH },
  { name: 'locked story', path: '/stories/notes-from-a-night-shoot', who: BOTH },
  { name: 'post', path: '/posts/welcome-to-tessera', who: BOTH },
  { name: 'digital product', path: '/store/alpine-ridges-wallpaper-pack', who: BOTH },
  { name: 'physical product', path: '/store/fine-art-print-fjord', who: BOTH },
  { name: 'search', path: '/search?q=reef', who: VISITOR, shot: 'search' },
  { name: 'category', path: '/categories/nature', who: VISITOR },
  { name: 'token packages', path: '/tokens', who: BOTH },
  { name: 'empty cart', path: '/cart', who: BOTH },
  { name: 'contact', path: '/contact', who: BOTH },
  { name: 'events', path: '/events', who: BOTH },
  { name: 'member profile', path: '/members/member', who: BOTH },
  { name: '404', path: '/no-such-page', who: VISITOR },
  { name: 'login', path: '/auth/login', who: VISITOR, shot: 'login' },
  { name: 'session ended', path: '/login', who: VISITOR },
  { name: 'register', path: '/auth/register', who: VISITOR },
  { name: 'forgot password', path: '/auth/forgot-password', who: VISITOR },
  { name: 'account', path: '/account', who: MEMBER },
  { name: 'token history', path: '/account/tokens', who: MEMBER },
  { name: 'purchases', path: '/account/purchases', who: MEMBER },
  { name: 'orders', path: '/account/orders', who: MEMBER, shot: 'orders' },
  { name: 'favourites', path: '/account/favourites', who: MEMBER },
  { name: 'watch later', path: '/account/watch-later', who: MEMBER },
  { name: 'new event', path: '/events/new', who: MEMBER },
  { name: 'blocked country', path: '/', who: VISITOR, country: 'FR' },
  // Made by the tests' setup: `{event}` and `{order}` are filled in then.
  { name: 'event', path: '/events/{event}', who: BOTH },
  { name: 'order', path: '/account/orders/{order}', who: MEMBER },
  { name: 'cart', path: '/cart', who: BOTH, withCart: true, shot: 'cart' },
];

/** The phone widths that must never scroll sideways. */
const PHONE_WIDTHS = [320, 414];

/** How long a page may take to settle (islands hydrated, nothing loading) before the test names what is pending. */
const SETTLE_MS = 10_000;

/**
 * What a page is still doing: islands not yet hydrated and busy regions. What is not displayed waits for nothing: a
 * cart panel inside a closed dialog, a visitor's member corner (empty on pages shared with members), a member's
 * reaction buttons (they never wake for a visitor). An island that wakes when reached for (`client:interaction`
 * without "load") sleeps until then.
 */
function pendingWork(): string[] {
  const asleep = (el: Element) => el.getAttribute('client') === 'interaction' && !el.getAttribute('opts')?.includes('"value":"load"');
  const islands = [...document.querySelectorAll('astro-island[ssr]')].filter((i) => i.firstElementChild?.checkVisibility() && !asleep(i));
  const busy = [...document.querySelectorAll('[aria-busy=true]')].filter((el) => el.checkVisibility());
  return [...islands.map((i) => `island ${i.getAttribute('component-url')}`), ...busy.map((b) => `busy ${b.outerHTML.slice(0, 80)}`)];
}

/**
 * The page's cumulative layout shift so far: the browser's buffered 'layout-shift' entries, read at once (an observer
 * with `buffered` fills its records synchronously), without those that follow the visitor's own input.
 */
async function layoutShift(): Promise<{ value: number; moved: string[] }> {
  // Shifts are recorded when a frame is drawn: let the last change reach the screen first.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const observer = new PerformanceObserver(() => {});
  observer.observe({ type: 'layout-shift', buffered: true });
  type Shift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  const entries = (observer.takeRecords() as Shift[]).filter((e) => !e.hadRecentInput);
  observer.disconnect();
  const name = (node?: Node) =>
    node instanceof Element ? `${node.tagName.toLowerCase()}${[...node.classList].map((c) => `.${c}`).join('')}` : String(node?.nodeName);
  return {
    value: entries.reduce((sum, e) => sum + e.value, 0),
    moved: entries.flatMap((e) => e.sources.map((s) => `${name(s.node)} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} px`)),
  };
}

/** Islands shown on scroll (client:visible) hydrate when they come into view: bring each one there, then back to the top. */
async function revealIslands() {
  for (const island of document.querySelectorAll('astro-island[ssr]')) {
    if (island.closest('dialog:not([open])') || !island.firstElementChild) continue;
    island.firstElementChild.scrollIntoView({ block: 'center' });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  }
  window.scrollTo(0, 0);
}

describe.skipIf(chromiumMissing)('accessibility: axe, sideways scrolling and layout shift on every page type', () => {
  // A visitor from FR sees the blocked page (its own page type); everybody else the site.
  const e2e = useE2e({ env: { TRUSTED_COUNTRY_HEADER: 'x-test-country' }, cli: [['country', 'block', 'FR']] });
  const base = () => e2e.server.url;
  /** What the setup made, for the pages' addresses. */
  const made: Record<string, string> = {};
  const pathOf = (p: PageType) => p.path.replace(/\{(\w+)\}/g, (_, key: string) => made[key]!);
  let memberToken = '';
  /** A print (physical, with a quantity stepper) and a download. */
  let cart: CartLine[] = [];

  const api = apiOf(base);

  beforeAll(async () => {
    // The demo member buys a download (an order, delivered at once); the first demo event gives an event page.
    ({ token: memberToken } = await api('/auth/login', { username: 'member', password: 'member-pass-123' }));
    const product = (slug: string) => api(`/assets/products/${slug}`).then((p: { _id: string }) => p._id);
    const checkout = await api('/token-transactions/products', { products: [{ _id: await product('canyon-light-wallpaper'), quantity: 1 }] }, memberToken);
    const events = await api('/event');
    cart = [
      { _id: await product('fine-art-print-fjord'), quantity: 2 },
      { _id: await product('reef-grade-preset'), quantity: 1 },
    ];
    made.event = events.data[0]._id;
    made.order = checkout.orders[0]._id;
  });

  async function contextFor(who: Who, theme: 'light' | 'dark', width: number): Promise<BrowserContext> {
    const context = await e2e.browser.newContext({ colorScheme: theme, viewport: { width, height: 800 } });
    if (who === 'member') await context.addCookies([{ name: 'token', value: memberToken, url: base() }]);
    return context;
  }

  /** Opens a page and waits until it is what a visitor sees once it settled: every island hydrated, nothing busy. */
  async function visit(page: Page, path: string, { reveal = true } = {}) {
    await page.goto(base() + path);
    if (reveal) await page.evaluate(revealIslands);
    await expect.poll(() => page.evaluate(pendingWork), { timeout: SETTLE_MS, message: `${path} settles` }).toEqual([]);
  }

  /** Ids that are not single words (an id with a space cannot be referred to by aria-describedby or aria-labelledby). */
  async function idProblems(page: Page, what: string): Promise<string[]> {
    const ids = await page.$$eval('[id]', (elements) => elements.filter((el) => /\s/.test(el.id)).map((el) => el.id));
    return ids.map((id) => `${what}: ids-without-spaces "${id}"`);
  }

  /** Headings that name two sections alike: the same text twice among the page's h1 and h2 (visible or for screen readers). */
  async function headingProblems(page: Page, what: string): Promise<string[]> {
    const texts = await page.$$eval('h1, h2', (headings) =>
      headings.filter((h) => h.checkVisibility()).map((h) => h.textContent!.replace(/\s+/g, ' ').trim().toLowerCase()),
    );
    return [...new Set(texts.filter((t, i) => texts.indexOf(t) !== i))].map((t) => `${what}: two headings “${t}”`);
  }

  /** Widths at which the page is wider than the window (it would scroll sideways), with the widest element named. */
  async function overflow(page: Page, what: string): Promise<string[]> {
    const problems: string[] = [];
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const found = await page.evaluate(() => {
        const doc = document.documentElement;
        if (doc.scrollWidth <= window.innerWidth) return null;
        // The culprits: elements past the right edge that no scrolling or clipping box of their own holds in.
        const held = (el: Element) => {
          for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
          return false;
        };
        const wide = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !held(el));
        const names = wide.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')}`);
        return `${doc.scrollWidth} px wide in ${window.innerWidth}: ${names.join(', ') || '?'}`;
      });
      if (found) problems.push(`${what} at ${width} px: ${found}`);
    }
    await page.setViewportSize({ width: PHONE_WIDTHS[0]!, height: 800 });
    return problems;
  }

  /**
   * A page that passes axe, and (in the phone pass) is checked at every phone width. The page's cart and country are
   * set for each check (the pass's browser page is shared by its checks): nothing carries over from the one before.
   */
  async function check(page: Page, who: Who, theme: 'light' | 'dark', p: PageType): Promise<{ axe: string[]; wide: string[] }> {
    await page.evaluate(
      (items) => {
        if (items.length) localStorage.setItem('tessera:cart', JSON.stringify({ items, total: items.length }));
        else localStorage.removeItem('tessera:cart');
      },
      p.withCart ? cart : [],
    );
    await page.setExtraHTTPHeaders(p.country ? { 'x-test-country': p.country } : {});
    const path = pathOf(p);
    await visit(page, path);
    const what = `${who}, ${theme}, ${p.name} (${path})`;
    const axe = [...(await axeProblems(page, what)), ...(await headingProblems(page, what)), ...(await idProblems(page, what))];
    const wide = theme === 'dark' ? await overflow(page, `${who}, ${p.name} (${path})`) : [];
    if (p.shot && theme === 'dark') await screenshot(page, `a11y-${who}-${p.shot}-320-dark`);
    return { axe, wide };
  }

  // Each page once, the themes shared out: a page both see is checked as the visitor's in the light theme on a desktop
  // and as the member's in the dark theme on a phone (the markup differs by who in a few places, the colours by
  // theme); the pages only one of them sees alternate between the two passes (`pagesFor`; all of them in both in a
  // review run).
  const passFor = (who: Who, theme: 'light' | 'dark') => {
    const own = pagesFor(
      PAGES.filter((p) => p.who.length === 1 && p.who[0] === who),
      theme,
    );
    return (p: PageType) => (p.who.length === 1 ? own.includes(p) : (who === 'visitor') === (theme === 'light'));
  };
  for (const who of ['visitor', 'member'] as const) {
    for (const [theme, width] of [
      ['light', 1280],
      ['dark', PHONE_WIDTHS[0]!],
    ] as const) {
      const phone = theme === 'dark' ? ', and none scrolls sideways at 320 or 414 px' : '';
      const which = (who === 'visitor') === (theme === 'light') ? `page types of the ${who} (theirs and shared) pass` : `the ${who}'s own page types pass`;
      // One browser page for the pass, one test for each page type in it.
      describe(`${which} axe in the ${theme} theme at ${width} px${phone}`, () => {
        let context: BrowserContext;
        let page: Page;
        beforeAll(async () => {
          context = await contextFor(who, theme, width);
          page = await context.newPage();
          // The cart pages read localStorage: the first visit gives the page an origin to write it from.
          await page.goto(base() + '/robots.txt');
        });
        afterAll(() => context?.close());
        it.for(PAGES.filter(passFor(who, theme)))('$name ($path)', async (p) => {
          expect(await check(page, who, theme, p)).toEqual({ axe: [], wide: [] });
        });
      });
    }
  }

  it('what opens on a page passes axe too: the phone menu, the cart panel, the lightbox, form errors, the member menu, the unlock confirmation', async () => {
    const problems: string[] = [];
    const visitor = await (await contextFor('visitor', 'light', 1280)).newPage();
    await visitor.goto(base() + '/robots.txt');
    await visitor.evaluate((items) => localStorage.setItem('tessera:cart', JSON.stringify({ items, total: items.length })), cart);
    const opened = async (page: Page, what: string, open: () => Promise<unknown>) => {
      await open();
      problems.push(...(await axeProblems(page, what)), ...(await idProblems(page, what)));
    };
    await visit(visitor, '/galleries/alpine-ridges');
    await opened(visitor, 'lightbox', async () => {
      await visitor.locator('[data-lightbox-index]').first().click();
      await visitor.waitForSelector('dialog.lightbox[open] [data-testid=lightbox-image]');
    });
    await opened(visitor, 'cart panel', async () => {
      await visitor.keyboard.press('Escape');
      await visitor.click('#cart-button');
      await visitor
        .locator('#cart-panel[open] [data-testid=cart-line] a')
        .nth(cart.length - 1)
        .waitFor();
    });
    await visit(visitor, '/auth/register');
    await opened(visitor, 'register errors', async () => {
      await visitor.click('button[type=submit]');
      await visitor.waitForSelector('[aria-invalid=true] ~ .field-error');
    });
    await visitor.setViewportSize({ width: PHONE_WIDTHS[0]!, height: 800 });
    await visit(visitor, '/');
    await opened(visitor, 'phone menu', async () => {
      await visitor.click('.mobile-nav summary');
      await visitor.waitForSelector('.mobile-panel a');
    });
    await visitor.context().close();

    const member = await (await contextFor('member', 'dark', 1280)).newPage();
    await visit(member, '/videos/glass-blowing-masterclass');
    await opened(member, 'member menu', async () => {
      await member.getByRole('button', { name: /Mia Member/ }).click();
      await member.waitForSelector('[role=menu] [role=menuitem]');
    });
    await opened(member, 'unlock confirmation', async () => {
      await member.keyboard.press('Escape');
      await member.click('[data-testid=unlock-panel] button');
      await member.waitForSelector('[data-testid=unlock-confirm]');
    });
    await member.context().close();
    expect(problems).toEqual([]);
  });

  it("the header's bar fits at every width from a tablet's to a desktop's, for a member: nothing squeezed or pushed out", async () => {
    const context = await contextFor('member', 'light', 1280);
    const page = await context.newPage();
    const misfits: Record<number, unknown> = {};
    for (const width of [861, 900, 1000, 1001, 1024, 1100, 1180, 1181, 1280]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto(`${base()}/videos`);
      await page.waitForSelector('[data-testid=member-name]:has-text("Mia Member")', { state: 'attached' });
      const bar = await page.evaluate(() => {
        const el = document.querySelector('.site-header .bar')!;
        const search = document.querySelector('.header-search')!;
        const input = search.querySelector('input')!;
        const style = getComputedStyle(input);
        const pen = document.createElement('canvas').getContext('2d')!;
        pen.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return {
          overflow: el.scrollWidth - el.clientWidth,
          search: search.checkVisibility() ? Math.round(search.getBoundingClientRect().width) : null,
          placeholderCut: search.checkVisibility() && pen.measureText(input.placeholder).width > room,
          button: Math.round(document.querySelector('#member-button')!.getBoundingClientRect().height),
        };
      });
      // No part of the bar beyond the screen; the search, when shown, wide enough to type in and its placeholder whole;
      // the member's button on one line.
      if (bar.overflow > 0 || (bar.search !== null && bar.search < 128) || bar.placeholderCut || bar.button > 48) misfits[width] = bar;
    }
    await context.close();
    expect(misfits).toEqual({});
  });

  it('banner text is white at 4.5:1 or more against the lightest pixel behind it, over the real pictures, in both themes, on a desktop and a phone', async () => {
    const problems: string[] = [];
    for (const [theme, width] of [
      ['light', 1280],
      ['dark', 390],
    ] as const) {
      const context = await contextFor('visitor', theme, width);
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' }); // the carousel stays where it is put
      await page.goto(`${base()}/`);
      const banners = page.locator('.banner');
      for (let i = 0; i < (await banners.count()); i++) {
        const banner = banners.nth(i);
        await banner.evaluate((b) => {
          const carousel = b.closest<HTMLElement>('.carousel');
          if (carousel) carousel.scrollLeft = (b as HTMLElement).offsetLeft;
          b.scrollIntoView({ block: 'center' });
        });
        await banner.locator('img').evaluate((img: HTMLImageElement) => img.decode());
        const what = `${theme} ${width}px banner ${i + 1}`;
        for (const part of ['strong', 'span']) {
          const text = banner.locator(`.banner-text > ${part}`);
          if (!(await text.count())) continue;
          if ((await text.evaluate((t) => getComputedStyle(t).color)) !== 'rgb(255, 255, 255)') problems.push(`${what} ${part}: not white`);
          // What is behind the text: the element drawn with its letters (and their shadow) made invisible.
          await text.evaluate((t) => ((t as HTMLElement).style.cssText = 'color: transparent; text-shadow: none'));
          const lightest = await lightestLuminance(await text.screenshot({ animations: 'disabled' }));
          await text.evaluate((t) => ((t as HTMLElement).style.cssText = ''));
          const ratio = 1.05 / (lightest + 0.05);
          if (ratio < 4.5) problems.push(`${what} ${part}: ${ratio.toFixed(2)}:1`);
        }
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it("at the page's end the back-to-top button covers none of the footer's links, on a phone and on a desktop", async () => {
    const covered: string[] = [];
    for (const width of [390, 1280]) {
      const context = await contextFor('visitor', 'light', width);
      const page = await context.newPage();
      await page.goto(`${base()}/`);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const button = page.locator('#back-to-top.visible');
      await button.waitFor();
      const box = (await button.boundingBox())!;
      for (const link of await page.locator('.site-footer a').all()) {
        const l = (await link.boundingBox())!;
        const overlaps = l.x < box.x + box.width && box.x < l.x + l.width && l.y < box.y + box.height && box.y < l.y + l.height;
        if (overlaps) covered.push(`${width}px: ${await link.textContent()}`);
      }
      await context.close();
    }
    expect(covered).toEqual([]);
  });

  /**
   * The pages, and the cart each is opened with: the test's cart as a returning member's (lines without what their
   * pages said), or a download alone as added from its page (it says it is not physical: no delivery fields).
   */
  const SHIFT_PAGES: { who: Who; path: string; items: () => CartLine[]; label?: string }[] = [
    { who: 'visitor', path: '/cart', items: () => cart },
    { who: 'member', path: '/cart', items: () => cart },
    { who: 'member', path: '/cart', items: () => [{ ...cart[1]!, physical: false }], label: '(a download)' },
    { who: 'visitor', path: '/auth/login', items: () => cart },
  ];

  it('layout shift stays at or under 0.05 on /cart (with a cart) and /auth/login, on a phone and on a desktop', async () => {
    const shifts: Record<string, { value: number; moved: string[] }> = {};
    for (const { who, path, items, label } of SHIFT_PAGES) {
      for (const [width, height] of [
        [412, 823],
        [1280, 800],
      ] as const) {
        const context = await contextFor(who, 'light', width);
        await context.addInitScript((lines) => localStorage.setItem('tessera:cart', JSON.stringify({ items: lines, total: lines.length })), items());
        const page = await context.newPage();
        await page.setViewportSize({ width, height });
        // A slow connection: pictures and the cart's product lookups arrive only once the page has been drawn without them.
        let release!: () => void;
        const drawn = new Promise<void>((r) => (release = r));
        await page.route(/\/(images|media)\/|\/api\/assets\/products\//, (route) => drawn.then(() => route.continue()));
        await page.goto(base() + path, { waitUntil: 'domcontentloaded' });
        await page.waitForSelector(path === '/cart' ? '.skeleton-line' : '#login:enabled');
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        release();
        if (path === '/cart')
          await page
            .locator('[data-testid=cart-line] a')
            .nth(items().length - 1)
            .waitFor();
        await page.waitForFunction(() => [...document.images].every((img) => img.complete));
        await expect.poll(() => page.evaluate(pendingWork), { timeout: SETTLE_MS, message: `${path} settles` }).toEqual([]);
        shifts[[who, path, label, `at ${width} px`].filter(Boolean).join(' ')] = await page.evaluate(layoutShift);
        await context.close();
      }
    }
    expect(Object.entries(shifts).filter(([, shift]) => shift.value > 0.05)).toEqual([]);
  });

  it('a cached /videos still turns into the blocked page (451) for a blocked country: the page cache never serves it', async () => {
    const url = `${base()}/videos`;
    await fetch(url);
    const cached = await fetch(url, { headers: { 'x-test-country': 'DE' } });
    expect(cached.headers.get('x-page-cache')).toBe('HIT');
    const blocked = await fetch(url, { headers: { 'x-test-country': 'FR' } });
    expect(blocked.status).toBe(451);
    expect(blocked.headers.get('x-page-cache')).toBeNull();
    expect(blocked.headers.get('cache-control')).toMatch(/no-store/);
    expect(await blocked.text()).toContain('Not available in your region');
  });
});

/** The relative luminance (WCAG 2) of the lightest pixel of a PNG. */
async function lightestLuminance(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const channel = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  let lightest = 0;
  for (let i = 0; i < info.width * info.height * 3; i += 3)
    lightest = Math.max(lightest, 0.2126 * channel(data[i]!) + 0.7152 * channel(data[i + 1]!) + 0.0722 * channel(data[i + 2]!));
  return lightest;
}
