import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { entitlements, users, videos } from '../../src/server/db/schema.ts';
import { chromiumMissing, hydrated, logIn, screenshot, useE2e } from '../helpers/e2e.ts';
import { copyTemplate, startServer } from '../helpers/server.ts';
import { DEMO_CLIPS } from '../../src/server/db/demo/demo-clips.ts';
import { slugify } from '../../src/server/lib/text/slug.ts';

/**
 * The priced demo clip: the seeded template ran it through the media pipeline (renditions 360p and 720p of an 8 s
 * 720p clip, 4 s segments, a 4 s teaser), as an upload would be.
 */
const PRICED = slugify(DEMO_CLIPS.find((c) => c.price > 0)!.title);

/** A copy of the seeded template in which the demo member owns the priced clip: written before the server opens it. */
async function dataDirWithOwner(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-e2e-'));
  if (!(await copyTemplate(dir))) await (await startServer({ env: { DATA_DIR: dir, MEDIA_WORKERS: '1' } })).stop({ keepData: true });
  const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dir, 'pgdata') });
  try {
    const { db } = database;
    const [member] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'member'));
    const [video] = await db.select({ id: videos.id, hls: videos.hls }).from(videos).where(eq(videos.slug, PRICED));
    if (!video?.hls) throw new Error('the seeded template has no streams for the priced demo clip');
    await db.insert(entitlements).values({ userId: member!.id, itemType: 'video', itemId: video.id }).onConflictDoNothing();
  } finally {
    await database.close();
  }
  return dir;
}

/** Waits until the video has played past `seconds` (no fixed sleeps). */
const playedPast = (page: Page, seconds: number) =>
  page.waitForFunction((s) => {
    const v = document.querySelector<HTMLVideoElement>('video[data-testid=player]');
    return Boolean(v) && v!.currentTime > s && !v!.paused;
  }, seconds);

describe.skipIf(chromiumMissing)('video playback: signed HLS for who may watch, the teaser for the others', () => {
  const opts = { env: {} as Record<string, string> };
  // Runs before useE2e's beforeAll (hooks run in the order they were added): the server starts on this folder.
  beforeAll(async () => {
    opts.env.DATA_DIR = await dataDirWithOwner();
  }, 120_000);
  const e2e = useE2e(opts);
  const base = () => e2e.server.url;

  // Both themes in a review run (SCREENSHOTS=1); the player's behaviour is the same in either, so one otherwise.
  const themes = process.env.SCREENSHOTS ? (['light', 'dark'] as const) : (['dark'] as const);
  for (const theme of themes) {
    it(`a member who owns the video presses Play: hls.js loads only then, plays, and the quality can be changed (${theme})`, async () => {
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await logIn(page, base());
      await page.goto(`${base()}/videos/${PRICED}`);
      await hydrated(page, '[data-testid=play]');
      expect(await page.locator('[data-testid=unlock-panel]').count()).toBe(0);
      await screenshot(page, `player-poster-${theme}`, { fullPage: false });

      const scriptsBefore = requests.filter((u) => /\.m?js(\?|$)/.test(u));
      expect(requests.filter((u) => u.includes('/media/hls/'))).toEqual([]);
      const seenBefore = requests.length;
      await page.click('[data-testid=play]');
      await playedPast(page, 1);
      const scriptsAfter = requests.slice(seenBefore).filter((u) => /\.m?js(\?|$)/.test(u));
      // hls.js came with the press of Play, in a script the page had not loaded before.
      const hasHls = async (url: string) => (await (await fetch(url)).text()).includes('hlsManifestParsed');
      expect(await Promise.all(scriptsBefore.map(hasHls))).not.toContain(true);
      expect(await Promise.all(scriptsAfter.map(hasHls))).toContain(true);
      const streamed = requests.filter((u) => u.includes('/media/hls/'));
      expect(streamed.some((u) => /\/master\.m3u8\?e=\d+&s=/.test(u))).toBe(true);
      expect(streamed.some((u) => /\/\d{5}\.ts\?e=\d+&s=/.test(u))).toBe(true);
      expect(await page.locator('video[data-testid=player]').getAttribute('controls')).not.toBeNull();

      // The quality menu: Auto and each rendition, best first; picking one keeps playing from it.
      const quality = page.locator('select[data-testid=quality]');
      await quality.waitFor();
      expect(await page.locator('label', { hasText: 'Quality' }).count()).toBe(1);
      const options = await quality.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(options).toEqual(['auto', '720p', '360p']);
      // The rendition not streaming now (Auto may still be on its first, or already on the best): picking it must
      // fetch its own segments.
      const streaming = requests
        .map((u) => /\/media\/hls\/.*\/(720p|360p)\//.exec(u)?.[1])
        .filter(Boolean)
        .at(-1);
      const other = streaming === '360p' ? '720p' : '360p';
      // Back to the start, paused: the clip's second (last) 4 s segment is ahead again, so the switch has one to fetch
      // (picked while the last segment plays, there would be nothing left to switch).
      const player = page.locator('video[data-testid=player]');
      await player.evaluate(
        (v: HTMLVideoElement) =>
          new Promise((seeked) => {
            v.pause();
            v.addEventListener('seeked', seeked, { once: true });
            v.currentTime = 0;
          }),
      );
      const before = requests.length;
      await quality.focus();
      await quality.selectOption(other);
      // What is already buffered plays on first (hls.js's nextLevel): the new rendition's segments follow it.
      await expect.poll(() => requests.slice(before).some((u) => u.includes(`/${other}/`)), { timeout: 20_000 }).toBe(true);
      await player.evaluate((v: HTMLVideoElement) => v.play());
      // Past the first segment: playing from the new rendition's.
      await playedPast(page, 5);
      await screenshot(page, `player-playing-${theme}`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a visitor sees the muted teaser, labelled, beside the unlock panel; no stream link reaches the page', async () => {
    for (const theme of process.env.SCREENSHOTS ? (['light', 'dark'] as const) : (['light'] as const)) {
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
      const page = await context.newPage();
      const res = await page.goto(`${base()}/videos/${PRICED}`);
      expect(await res!.text()).not.toContain('/media/hls/');
      const teaser = page.locator('video[data-testid=teaser]');
      expect(await teaser.evaluate((v: HTMLVideoElement) => [v.muted, v.playsInline, v.controls])).toEqual([true, true, true]);
      // The label says how long the teaser is: half of the 8 s clip at most.
      expect(await page.textContent('.teaser-label')).toBe('Preview · 4 s');
      expect(await page.locator('[data-testid=unlock-panel]').count()).toBe(1);
      expect(await page.locator('video[data-testid=player]').count()).toBe(0);
      const duration = await teaser.evaluate(
        (v: HTMLVideoElement) =>
          new Promise<number>((resolve) => (v.readyState >= 1 ? resolve(v.duration) : v.addEventListener('loadedmetadata', () => resolve(v.duration)))),
      );
      expect(duration).toBeGreaterThan(3);
      await screenshot(page, `teaser-${theme}`, { fullPage: false });
      await context.close();
    }
  });

  it('a member who unlocks a video with a teaser gets the stream player in place, and it plays', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The second demo member (40 tokens) has not bought it.
    await logIn(page, base(), 'member2');
    await page.goto(`${base()}/videos/${PRICED}`);
    expect(await page.locator('video[data-testid=teaser]').count()).toBe(1);
    await hydrated(page, '[data-testid=unlock]');
    await page.click('[data-testid=unlock]');
    await page.click('[data-testid=unlock-confirm]');
    await page.waitForSelector('[data-testid=play]');
    expect(await page.locator('video[data-testid=teaser]').count()).toBe(0);
    await hydrated(page, '[data-testid=play]');
    await page.click('[data-testid=play]');
    await playedPast(page, 1);
    await context.close();
  });

  it('a refused segment (a link that died during a pause) renews the link once and playback goes on', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, base());
    // The second segment (from 4 s) is refused the first time, as the server refuses an expired link.
    let refused = 0;
    await page.route(/\/media\/hls\/.*\/00001\.ts\?/, (route) => (refused++ ? route.continue() : route.fulfill({ status: 403, body: '{}' })));
    await page.goto(`${base()}/videos/${PRICED}`);
    await hydrated(page, '[data-testid=play]');
    const renewal = page.waitForRequest((r) => /\/api\/assets\/videos\/[^/]+\/stream/.test(r.url()));
    await page.click('[data-testid=play]');
    await renewal;
    await playedPast(page, 5);
    expect(refused).toBeGreaterThan(1);
    expect(await page.locator('.player-error').count()).toBe(0);
    await context.close();
  });
});
