import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, MediaProgress, ServerToClientEvents } from '../../src/shared/socket-events.ts';
import { videos } from '../../src/server/db/schema.ts';
import { ffprobe as probe } from '../../src/server/lib/media/probe.ts';
import { type LocalStorage } from '../../src/server/lib/storage/local-storage.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { makeClip } from '../helpers/clips.ts';
import { call, multipart } from '../helpers/commerce.ts';

/** The media pipeline in one process: a saved video becomes streams in the job queue, watched live by admins. */
describe('the media pipeline', () => {
  const h = useApi({}, { realtime: true, listen: true });
  let admin = '';
  const adminCall = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => call(h, method, url, { token: admin, body });
  const pub = (url: string) => call(h, 'GET', url);

  beforeAll(async () => {
    admin = await login(h, (await createMember(h, { role: 'admin' })).username);
  });

  async function upload(name: string, data: Buffer) {
    const form = await multipart(name, new Blob([new Uint8Array(data)]));
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/uploads?purpose=video',
      headers: { authorization: admin, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.ref as string;
  }

  /** The video as the back office reads it, once the pipeline has left `processing` (polled: the job runs beside). */
  async function settled(id: string) {
    for (;;) {
      const item = (await adminCall('GET', `/api/admin/videos/${id}`)).body.data;
      if (item.mediaState !== 'processing') return item;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  function adminSocket(): Socket<ServerToClientEvents, ClientToServerEvents> {
    const { port } = h.app.server.address() as { port: number };
    return io(`http://127.0.0.1:${port}`, { transports: ['websocket'], query: { token: admin }, reconnection: false });
  }

  const storage = () => h.app.media.storage as LocalStorage;

  // Transcoding is real CPU work: on a busy two-core machine it has taken longer than the suite's 30 s.
  it(
    'a 720p upload becomes 360p and 720p streams, a poster, a strip and a teaser; admins follow it live; visitors see it only when ready',
    { timeout: 120_000 },
    async () => {
      const source = await makeClip({ seconds: 6, width: 1280, height: 720 });
      const socket = adminSocket();
      const news: MediaProgress[] = [];
      socket.on('media_progress', (n) => news.push(n));
      expect(await new Promise((resolve) => socket.once('auth/status', ({ authenticated }) => resolve(authenticated)))).toBe(true);
      try {
        const created = await adminCall('POST', '/api/admin/videos', {
          title: 'Harbour at six',
          video: await upload('harbour.mp4', fs.readFileSync(source)),
          isSale: true,
          price: 12,
          teaserStart: 1,
          status: 'active',
        });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        const id = created.body.data._id;
        expect(created.body.data).toMatchObject({ mediaState: 'processing', thumbnail: null });
        expect((await pub('/api/assets/videos/harbour-at-six')).status).toBe(404);
        // Ready, it is on the site: its lists and pages change, so every cache of them is emptied then.
        const changes: string[] = [];
        const off = h.app.siteChanges.on((change) => changes.push(change));

        const done = await settled(id);
        off();
        expect(changes).toEqual(['content']);
        expect(done).toMatchObject({ mediaState: 'ready', mediaProgress: 100, mediaError: null, media: 'Ready' });
        expect(done.thumbnail).toMatchObject({ width: 1280, height: 720 });
        // Its frames for the operator: one a second, 160 px wide, by a signed link (never a storage key).
        expect(done.strip).toEqual({
          url: expect.stringMatching(/^\/media\/videos\/.+\/strip\.jpg\?e=\d+&s=/),
          interval: 1,
          count: 6,
          columns: 6,
          width: 160,
          height: 90,
        });
        const frames = await h.app.inject({ url: done.strip.url });
        expect([frames.statusCode, frames.headers['content-type']]).toEqual([200, 'image/jpeg']);
        expect(news.at(-1)).toMatchObject({ videoId: id, state: 'ready', progress: 100 });
        const percents = news.filter((n) => n.state === 'processing').map((n) => n.progress);
        expect(percents.length).toBeGreaterThan(2);
        expect(percents).toEqual([...percents].sort((a, b) => a - b));

        const [row] = await h.database.db.select().from(videos).where(eq(videos.id, id));
        expect(row!.hls!.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
          ['360p', 640, 360],
          ['720p', 1280, 720],
        ]);
        for (const rendition of row!.hls!.renditions) {
          const playlist = storage().pathOf(rendition.playlist);
          expect(fs.readFileSync(playlist, 'utf8')).toContain('#EXT-X-ENDLIST');
          const info = await probe(playlist);
          expect(Number(info.format!.duration)).toBeCloseTo(6, 0);
          expect(Math.abs(Number(info.format!.duration) - 6)).toBeLessThanOrEqual(0.5);
          expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', height: rendition.height });
          expect(info.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
        }
        const teaser = await probe(storage().pathOf(row!.teaser!.key));
        // Half of a 6 s video at most (a teaser must not give a short video away).
        expect(Math.abs(Number(teaser.format!.duration) - 3)).toBeLessThanOrEqual(0.5);
        expect(teaser.streams.find((s) => s.codec_type === 'video')).toMatchObject({ height: 360 });
        expect(fs.existsSync(storage().pathOf(row!.strip!.key))).toBe(true);

        const seen = (await pub('/api/assets/videos/harbour-at-six')).body.data;
        expect(seen).toMatchObject({ isLocked: true, video: { url: null } });
        expect(seen.teaser.url).toMatch(/^\/media\/videos\/.+\/teaser\.mp4\?/);
      } finally {
        socket.disconnect();
      }
    },
  );

  it('a file that only looks like a video fails with its reason, stays off the site, and "Process again" runs it again', async () => {
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom\0\0\0\0isommp41', 'latin1'), Buffer.alloc(4096, 7)]);
    const socket = adminSocket();
    try {
      expect(await new Promise((resolve) => socket.once('auth/status', ({ authenticated }) => resolve(authenticated)))).toBe(true);
      // "Process again" pressed the moment the failure shows: the failed job may not have finished yet.
      const failure = new Promise<void>((resolve) => socket.on('media_progress', (n) => n.state === 'failed' && resolve()));
      const created = await adminCall('POST', '/api/admin/videos', { title: 'Not really', video: await upload('film.mp4', fake), status: 'active' });
      expect(created.status).toBe(200);
      const id = created.body.data._id;
      await failure;
      const again = await adminCall('POST', `/api/admin/videos/${id}/retry`, {});
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ mediaState: 'processing' });
      const failed = await settled(id);
      expect(failed).toMatchObject({ mediaState: 'failed', media: 'Failed' });
      expect(failed.mediaError).toMatch(/not a video/i);
      expect((await pub('/api/assets/videos/not-really')).status).toBe(404);
      expect((await adminCall('GET', '/api/admin/videos?media=failed')).body.data.data.map((v: { _id: string }) => v._id)).toEqual([id]);
    } finally {
      socket.disconnect();
    }
  });

  it('a post scheduled for later is published by the queue at its time: every page cache is emptied then', async () => {
    const changes: string[] = [];
    const off = h.app.siteChanges.on((change) => changes.push(change));
    try {
      const at = new Date(Date.now() + 1500);
      const created = await adminCall('POST', '/api/admin/posts', { title: 'Soon', type: 'post', status: 'active', publishAt: at.toISOString() });
      expect(created.body.data).toMatchObject({ state: 'scheduled' });
      // The save itself was a change (every back-office write is); the one awaited here is the publication's.
      changes.length = 0;
      expect((await pub('/api/posts/soon')).status).toBe(404);
      while (!changes.includes('content')) await new Promise((r) => setTimeout(r, 100));
      expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
      expect((await pub('/api/posts/soon')).status).toBe(200);
    } finally {
      off();
    }
  });
});
