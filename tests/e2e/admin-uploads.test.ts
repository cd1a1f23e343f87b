import fs from 'node:fs';
import type { BrowserContext, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { makeClip } from '../helpers/clips.ts';
import { chromiumMissing, hydrated, operatorOf, screenshot, useE2e } from '../helpers/e2e.ts';

/** Small pieces, so an 8-second clip (about 1.8 MB) goes in about 15 requests. */
const CHUNK = 128 * 1024;

/**
 * The tus requests of a browser context as the network sees them: PATCH requests counted with their bytes, held
 * (`holdAfter`: once that many went through, the next ones wait until let go) or dropped (`drop`: that many fail as
 * if the connection broke, once `dropAfter` went through; `offlineAfter`: the browser goes offline then), and the
 * upload URLs the server answered with.
 */
async function tusWire(context: BrowserContext) {
  const wire = {
    patches: 0,
    bytes: 0,
    dropped: 0,
    holdAfter: Infinity,
    /** Pieces each upload may send before its next ones are held. */
    holdEachAfter: Infinity,
    /** Pieces sent, by upload (its URL). */
    sentBy: {} as Record<string, number>,
    /** An upload (its URL) whose pieces are held, whatever the count. */
    holdUpload: null as string | null,
    /** Each upload's URL by the file's name (from its metadata). */
    names: {} as Record<string, string>,
    held: [] as Route[],
    drop: 0,
    dropAfter: 0,
    offlineAfter: Infinity,
    locations: [] as string[],
    /** Lets the held requests fail (the page paused or went away, so nobody waits for them). */
    async release() {
      wire.holdAfter = wire.holdEachAfter = Infinity;
      for (const route of wire.held.splice(0)) await route.abort('aborted').catch(() => {});
    },
    /** Lets the held requests go on to the server. */
    async letGo() {
      wire.holdAfter = wire.holdEachAfter = Infinity;
      for (const route of wire.held.splice(0)) {
        wire.patches++;
        wire.bytes += route.request().postDataBuffer()?.length ?? 0;
        await route.continue();
      }
    },
  };
  await context.route(
    (url) => url.pathname.startsWith('/api/admin/uploads'),
    async (route) => {
      const request = route.request();
      if (request.method() === 'POST') {
        const response = await route.fetch();
        const location = response.headers().location;
        if (location) wire.locations.push(location);
        const name = /(?:^|,)filename ([^,]*)/.exec(request.headers()['upload-metadata'] ?? '')?.[1];
        if (location && name) wire.names[Buffer.from(name, 'base64').toString()] = location;
        return route.fulfill({ response });
      }
      if (request.method() === 'PATCH') {
        if (wire.patches >= wire.offlineAfter) {
          // The network goes away under this request.
          wire.offlineAfter = Infinity;
          await context.setOffline(true);
          wire.dropped++;
          return route.abort('internetdisconnected');
        }
        if (wire.drop > 0 && wire.patches >= wire.dropAfter) {
          wire.drop--;
          wire.dropped++;
          return route.abort('internetdisconnected');
        }
        const upload = new URL(request.url()).pathname;
        if (wire.patches >= wire.holdAfter || (wire.sentBy[upload] ?? 0) >= wire.holdEachAfter || upload === wire.holdUpload) return void wire.held.push(route);
        wire.sentBy[upload] = (wire.sentBy[upload] ?? 0) + 1;
        wire.patches++;
        wire.bytes += request.postDataBuffer()?.length ?? 0;
      }
      return route.continue().catch(() => {});
    },
  );
  return wire;
}

/** A picture to upload: a PNG of grain over a colour (grain, so it is some hundreds of KB: several pieces). */
const picture = async (colour: string, name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 480, height: 320, channels: 3, background: colour, noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .png()
    .toBuffer(),
});

describe.skipIf(chromiumMissing)('the back office: resumable uploads in a browser', () => {
  // Videos up to 3 MB here: the clips fit, and a bigger file shows the refusal.
  const e2e = useE2e({ env: { VIDEO_UPLOAD_LIMIT_MB: '3', MEDIA_WORKERS: '1' } });
  const base = () => e2e.server.url;

  /** The operator on a new video's form, its video field sending small pieces. */
  async function newVideoForm() {
    const { context, page } = await operatorOf(e2e);
    const wire = await tusWire(context);
    await openVideoForm(page);
    return { context, page, wire };
  }
  async function openVideoForm(page: Page) {
    await page.goto(`${base()}/admin/videos/new`);
    await hydrated(page, '[data-testid=admin-save]');
    await page.locator('#field-video').evaluate((input, chunk) => ((input as HTMLInputElement).dataset.chunkSize = String(chunk)), CHUNK);
  }
  const upload = (page: Page) => page.locator('[data-testid=uploads-video] li');
  const status = async (page: Page) => (await upload(page).locator('.upload-status').textContent()) ?? '';
  /** The field once every byte is on the server: the file's name and size. */
  const finished = (page: Page) => page.locator('[data-testid=video-current]');

  /** An admin's token, for asking the upload server directly. */
  async function adminToken() {
    const res = await fetch(`${base()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: e2e.server.adminPassword() }),
    });
    return (await res.json()).data.token as string;
  }

  it('a video uploads in pieces: paused, it stays paused; resumed, it completes, and the saved video is the same file', async () => {
    const clip = await makeClip({ seconds: 8 });
    const source = fs.readFileSync(clip);
    const { context, page, wire } = await newVideoForm();
    await page.fill('#field-title', 'Harbour timelapse');

    // Three pieces go, the fourth waits on the wire: the operator pauses there.
    wire.holdAfter = 3;
    await page.setInputFiles('#field-video', clip);
    await vi.waitFor(() => expect(wire.held.length).toBe(1), { timeout: 15_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid=uploads-video] .upload-status')?.textContent?.includes('of 1.8 MB'));
    expect(await page.isDisabled('[data-testid=admin-save]')).toBe(true);
    await page.locator('fieldset[data-field=video]').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-video-upload-progress', { fullPage: false });
    await page.getByRole('button', { name: 'Pause uploading' }).click();
    await wire.release();
    await page.locator('[data-testid=uploads-video] li[data-state=paused]').waitFor();
    const paused = await status(page);
    expect(paused).toMatch(/^Paused at (\d+) % · 384 KB of 1\.8 MB$/);
    const percent = Number(/(\d+) %/.exec(paused)![1]);
    expect(percent).toBe(Math.floor(((3 * CHUNK) / source.length) * 100));
    // It stays paused: nothing more is sent, the bar keeps its place, and the form cannot be saved.
    expect(await page.locator('[data-testid=uploads-video] progress').evaluate((p) => (p as HTMLProgressElement).value)).toBe(percent);
    await screenshot(page, 'admin-video-upload-paused', { fullPage: false });
    expect(await page.isDisabled('[data-testid=admin-save]')).toBe(true);
    expect(wire.patches).toBe(3);
    expect(await status(page)).toBe(paused);

    // Resumed with the keyboard: it carries on from the server's offset and completes.
    await page.getByRole('button', { name: 'Resume uploading' }).focus();
    await page.keyboard.press('Enter');
    await finished(page).waitFor();
    expect(await finished(page).textContent()).toBe(`${clip.split('/').pop()} 1.8 MB`);
    expect(await page.locator('[data-testid=uploads-video]').count()).toBe(0);
    expect(wire.bytes).toBe(source.length);
    expect(await page.isDisabled('[data-testid=admin-save]')).toBe(false);

    // The server holds every byte of it.
    const url = `${base()}${wire.locations[0]}`;
    const head = await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: await adminToken() } });
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([200, String(source.length), String(source.length)]);

    // Saved: the pipeline copies the upload into storage, byte for byte.
    await Promise.all([page.waitForURL(/\/admin\/videos\/[0-9a-f-]{36}$/), page.click('[data-testid=admin-save]')]);
    const videoId = page.url().split('/').pop()!;
    // The video's page follows the pipeline live (no reload) until its streams are ready; so does its list row.
    await page.locator('[data-testid=media-status][data-state=ready]').waitFor({ timeout: 150_000 });
    expect(await page.locator('[data-testid=media-status] [role=status]').textContent()).toBe('Ready');
    // Opened again, the page shows the video's frames (the thumbnail strip) to pick the teaser's start from.
    await page.reload();
    const strip = page.locator('[data-testid=media-strip]');
    await strip.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=media-strip]');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    expect(await strip.getAttribute('alt')).toMatch(/^\d+ frames of the video, one every 1 s$/);
    await screenshot(page, 'admin-video-streams-ready', { fullPage: false });
    await page.goto(`${base()}/admin/videos?media=ready`);
    await hydrated(page, '[data-testid=media-cell]');
    expect(await page.locator('[data-testid=admin-row]', { hasText: 'Harbour timelapse' }).locator('[data-testid=media-cell]').textContent()).toBe('Ready');
    const token = await adminToken();
    const item = (await (await fetch(`${base()}/api/admin/videos/${videoId}`, { headers: { authorization: token } })).json()).data;
    expect(item.mediaState).toBe('ready');
    const stored = Buffer.from(await (await fetch(new URL(item.video.url, base()))).arrayBuffer());
    expect(stored.length).toBe(source.length);
    expect(stored.equals(source)).toBe(true);
    await context.close();
  }, 240_000);

  it('when the connection drops mid-upload, the upload resumes by itself and completes', async () => {
    const clip = await makeClip({ seconds: 8 });
    const size = fs.statSync(clip).size;
    const { context, page, wire } = await newVideoForm();
    // After four pieces, two requests fail as a broken connection would: the upload tries again by itself.
    wire.dropAfter = 4;
    wire.drop = 2;
    await page.setInputFiles('#field-video', clip);
    // State and words read in one look: on a busy machine the retry may have succeeded by a second look.
    const reconnecting = await page.waitForFunction(
      () => document.querySelector('[data-testid=uploads-video] li[data-state=reconnecting] .upload-status')?.textContent || false,
    );
    expect(await reconnecting.jsonValue()).toMatch(/^Connection lost, trying again… \d+ %/);
    await page.locator('fieldset[data-field=video]').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-video-upload-reconnecting', { fullPage: false });
    await finished(page).waitFor();
    expect(wire.dropped).toBe(2);
    // Every byte went once: it carried on from where it was, not from the start.
    expect(wire.bytes).toBe(size);
    expect(wire.locations).toHaveLength(1);

    // Offline for a while (the browser says so): it waits for the network, then carries on.
    const second = await context.newPage();
    await openVideoForm(second);
    const before = { bytes: wire.bytes, locations: wire.locations.length };
    wire.offlineAfter = wire.patches + 2;
    await second.setInputFiles('#field-video', clip);
    await second.locator('[data-testid=uploads-video] li[data-state=offline]').waitFor();
    expect(await status(second)).toMatch(/^Offline: it carries on when the network is back\. \d+ %/);
    await context.setOffline(false);
    await finished(second).waitFor();
    expect(wire.bytes - before.bytes).toBe(size);
    expect(wire.locations).toHaveLength(before.locations + 1);
    await context.close();
  });

  it('after a reload mid-upload, choosing the same file resumes from where the server stopped', async () => {
    const clip = await makeClip({ seconds: 8 });
    const size = fs.statSync(clip).size;
    const { context, page, wire } = await newVideoForm();
    wire.holdAfter = 5;
    await page.setInputFiles('#field-video', clip);
    await vi.waitFor(() => expect(wire.held.length).toBe(1), { timeout: 15_000 });
    const sentBefore = wire.bytes;
    expect(sentBefore).toBe(5 * CHUNK);

    await openVideoForm(page);
    await wire.release();
    await page.setInputFiles('#field-video', clip);
    await page.locator('[data-testid=uploads-video] .upload-resumed').waitFor();
    expect(await page.locator('[data-testid=uploads-video] .upload-resumed').textContent()).toBe(`Resuming from ${Math.floor((sentBefore / size) * 100)} %`);
    await finished(page).waitFor();
    // Only the rest was sent, to the same upload.
    expect(wire.bytes - sentBefore).toBe(size - sentBefore);
    expect(wire.locations).toHaveLength(1);
    await context.close();
  });

  it('several videos picked at once on the videos list each upload with their progress and become drafts named after their files', async () => {
    const buffer = fs.readFileSync(await makeClip({ seconds: 2 }));
    const { context, page } = await operatorOf(e2e);
    await page.goto(`${base()}/admin/videos`);
    await hydrated(page, '#add-videos');
    await page.locator('#add-videos').evaluate((input, chunk) => ((input as HTMLInputElement).dataset.chunkSize = String(chunk)), CHUNK);
    await page.setInputFiles('#add-videos', [
      { name: 'harbour-at-dawn.mp4', mimeType: 'video/mp4', buffer },
      { name: 'city_lights_2026.mp4', mimeType: 'video/mp4', buffer },
    ]);
    // Each file has its own bar while it goes.
    await page.locator('[data-testid=uploads-batch] li').nth(1).waitFor();
    expect(await page.locator('[data-testid=uploads-batch] li .upload-name').allTextContents()).toEqual(['harbour-at-dawn.mp4', 'city_lights_2026.mp4']);
    await page.locator('.toast', { hasText: '2 videos added as drafts; their streams are being made.' }).waitFor();
    expect(await page.locator('[data-testid=uploads-batch]').count()).toBe(0);
    const rows = page.locator('[data-testid=admin-row]');
    for (const title of ['Harbour at dawn', 'City lights 2026']) expect(await rows.filter({ hasText: title }).textContent()).toContain('Draft');
    await screenshot(page, 'admin-videos-batch');
    await context.close();
  });

  it('a text file named .mp4, or a file over the limit, is refused at the field with the server’s words', async () => {
    const { context, page } = await newVideoForm();
    await page.setInputFiles('#field-video', {
      name: 'notes.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('These are my notes, not a video.\n'.repeat(20)),
    });
    const error = page.locator('[data-testid=uploads-video] .field-error');
    await error.waitFor();
    await page.locator('fieldset[data-field=video]').scrollIntoViewIfNeeded();
    expect(await error.textContent()).toBe('Only MP4, MOV, WebM and MKV videos can be uploaded.');
    await screenshot(page, 'admin-video-upload-refused', { fullPage: false });
    // Too large: refused before a byte is sent.
    await page.setInputFiles('#field-video', { name: 'long-take.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(4 * 1024 * 1024) });
    await page.locator('[data-testid=uploads-video] li', { hasText: 'long-take.mp4' }).locator('.field-error').waitFor();
    expect(await error.textContent()).toBe('The file is too large. A video may be up to 3 MB.');
    // Refused, so it does not hold the form: the field is simply empty.
    expect(await page.isDisabled('[data-testid=admin-save]')).toBe(false);
    expect(await finished(page).count()).toBe(0);
    await context.close();
  });

  it('three photos picked at once each upload with their progress, a few at a time, and appear in the grid in order', async () => {
    const { context, page } = await operatorOf(e2e);
    const wire = await tusWire(context);
    await page.goto(`${base()}/admin/galleries/new`);
    await hydrated(page, '[data-testid=admin-save]');
    await page.fill('#field-title', 'Quay colours');
    await Promise.all([page.waitForURL(/\/admin\/galleries\/[0-9a-f-]{36}$/), page.click('[data-testid=admin-save]')]);
    await hydrated(page, '#add-photos');
    await page.locator('#add-photos').evaluate((input) => ((input as HTMLInputElement).dataset.chunkSize = String(64 * 1024)));

    // Each held after its first piece: all three are on their way at once, each with its own bar.
    wire.holdEachAfter = 1;
    const files = [await picture('#8a3b12', 'quay-1.png'), await picture('#1f4e79', 'quay-2.png'), await picture('#2e7d32', 'quay-3.png')];
    await page.setInputFiles('#add-photos', files);
    await vi.waitFor(() => expect(wire.held).toHaveLength(3), { timeout: 15_000 });
    expect(wire.locations).toHaveLength(3);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid=uploads-photos] progress')].every((p) => (p as HTMLProgressElement).value > 0),
    );
    expect(await page.locator('[data-testid=uploads-photos] progress').count()).toBe(3);
    await page.locator('[data-testid=uploads-photos]').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-gallery-photos-uploading', { fullPage: false });

    // The first one is slow: the other two are all sent first, yet they wait to join the gallery after it.
    wire.holdUpload = wire.names['quay-1.png']!;
    await wire.letGo();
    await vi.waitFor(() => expect(wire.held).toHaveLength(1), { timeout: 15_000 });
    const statuses = () => page.locator('[data-testid=uploads-photos] .upload-status').allTextContents();
    await vi.waitFor(async () => expect((await statuses()).slice(1)).toEqual(['Processing…', 'Processing…']), { timeout: 15_000 });
    expect(await page.locator('[data-testid=admin-photo]').count()).toBe(0);
    wire.holdUpload = null;
    await wire.letGo();

    await page.locator('.toast', { hasText: '3 photos added.' }).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=admin-photo]').length === 3 && !document.querySelector('[data-testid=uploads-photos]'),
    );
    expect(await page.locator('[data-testid=admin-photo] .photo-title').allTextContents()).toEqual(['Quay colours 1Cover', 'Quay colours 2', 'Quay colours 3']);
    expect(wire.bytes).toBe(files.reduce((sum, f) => sum + f.buffer.length, 0));
    // Each upload became a photo and is gone.
    const token = await adminToken();
    for (const location of wire.locations) {
      const head = await fetch(`${base()}${location}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: token } });
      expect(head.status).toBe(404);
    }
    await context.close();
  });

  it('a photo is added only from a finished picture upload: unknown, unfinished or video uploads are refused', async () => {
    const token = await adminToken();
    const json = { 'content-type': 'application/json', authorization: token };
    const gallery = await (
      await fetch(`${base()}/api/admin/galleries`, { method: 'POST', headers: json, body: JSON.stringify({ title: 'Refusals', status: 'inactive' }) })
    ).json();
    const galleryId = gallery.data._id as string;
    /** A tus upload made the way any client makes one; `send` false leaves it unfinished. */
    async function tusUpload(purpose: 'video' | 'image', bytes: Buffer, send = true) {
      const tus = { 'tus-resumable': '1.0.0', authorization: token };
      const meta = `filename ${Buffer.from(`a.${purpose}`).toString('base64')},purpose ${Buffer.from(purpose).toString('base64')}`;
      const created = await fetch(`${base()}/api/admin/uploads`, {
        method: 'POST',
        headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': meta },
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      if (send) {
        const sent = await fetch(`${base()}${location}`, {
          method: 'PATCH',
          headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
          body: new Uint8Array(bytes),
        });
        expect(sent.status).toBe(204);
      }
      return location.split('/').pop()!;
    }
    const add = async (body: unknown) => {
      const res = await fetch(`${base()}/api/admin/galleries/${galleryId}/photos`, { method: 'POST', headers: json, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    const photo = (await picture('#555555', 'grey.png')).buffer;

    expect(await add({ uploadId: 'f'.repeat(32) })).toMatchObject({
      status: 400,
      body: { error: 'BAD_REQUEST', message: 'No such upload: send the photo again.' },
    });
    expect(await add({})).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    expect(await add({ uploadId: await tusUpload('image', photo, false) })).toMatchObject({
      status: 400,
      body: { error: 'BAD_REQUEST', message: 'This upload has not finished yet.' },
    });
    const video = await tusUpload('video', fs.readFileSync(await makeClip({ seconds: 1 })));
    expect(await add({ uploadId: video })).toMatchObject({ status: 400, body: { error: 'NOT_AN_IMAGE', message: 'This upload is not a photo.' } });

    // A finished picture upload becomes the gallery's first photo (its cover), and the upload is gone.
    const uploadId = await tusUpload('image', photo);
    const added = await add({ uploadId });
    expect(added).toMatchObject({ status: 200, body: { data: { title: 'Refusals 1', isCover: true } } });
    expect(added.body.data.photo.url).toBeTruthy();
    expect(await add({ uploadId })).toMatchObject({ status: 400, body: { message: 'No such upload: send the photo again.' } });
  });
});
