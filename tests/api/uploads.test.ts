import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets, uploads, videos } from '../../src/server/db/schema.ts';
import { ANY_VIDEO, videoFormatOf } from '../../src/server/lib/media/video-files.ts';
import { imageTypeOf } from '../../src/server/modules/uploads/file-types.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { makeClip } from '../helpers/clips.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The back office's resumable uploads: the tus 1.0 protocol over real HTTP, driven with plain fetch. */
describe('resumable uploads (tus)', () => {
  const h = useApi({ VIDEO_UPLOAD_LIMIT_MB: '20', IMAGE_UPLOAD_LIMIT_MB: '1' }, { listen: true });
  let base = '';
  let admin = '';
  let adminId = '';
  let member = '';
  let clip: Buffer;

  beforeAll(async () => {
    const address = h.app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
    const a = await createMember(h, { role: 'admin' });
    adminId = a.id;
    admin = await login(h, a.username);
    member = await login(h, (await createMember(h)).username);
    clip = await fs.promises.readFile(await makeClip({ seconds: 2, width: 320, height: 240 }));
  });

  const rows = () => h.database.db.select().from(uploads);
  const row = async (id: string) => (await h.database.db.select().from(uploads).where(eq(uploads.id, id)))[0];
  const idOf = (location: string | null) => location!.split('/').pop()!;

  function create(
    size: number,
    fields: Record<string, string> = { filename: 'clip.mp4', filetype: 'video/mp4', purpose: 'video' },
    token: string | null = admin,
    extra: Record<string, string> = {},
  ) {
    return fetch(`${base}/api/admin/uploads`, {
      method: 'POST',
      headers: { ...TUS, 'upload-length': String(size), 'upload-metadata': meta(fields), ...(token ? { authorization: token } : {}), ...extra },
    });
  }
  function patch(location: string, offset: number, data: Buffer, token = admin, extra: Record<string, string> = {}) {
    return fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: { ...TUS, authorization: token, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...extra },
      body: new Uint8Array(data),
    });
  }
  const head = (location: string, token = admin) => fetch(`${base}${location}`, { method: 'HEAD', headers: { ...TUS, authorization: token } });
  async function expectError(res: Response, status: number, error?: string) {
    expect(res.status).toBe(status);
    const body = (await res.json()) as { statusCode: number; error: string; message: string };
    expect(body.statusCode).toBe(status);
    expect(typeof body.message).toBe('string');
    if (error) expect(body.error).toBe(error);
    return body;
  }
  async function storedHash(id: string) {
    const file = await h.app.uploads.localFile(id);
    try {
      return sha256(await fs.promises.readFile(file.path));
    } finally {
      await file.cleanup();
    }
  }

  it('is for admins only: a visitor gets 401, a member 403, a session cookie alone 401, and nothing is created', async () => {
    await expectError(await create(clip.length, undefined, null), 401, 'UNAUTHORIZED');
    await expectError(await create(clip.length, undefined, member), 403, 'FORBIDDEN');
    await expectError(await create(clip.length, undefined, null, { cookie: `token=${admin}` }), 401, 'UNAUTHORIZED');
    expect(await rows()).toEqual([]);
    expect(fs.readdirSync(`${h.config.dataDir}/uploads`).filter((f) => !f.startsWith('.'))).toEqual([]);
  });

  it('resumes: half, then (a new request) HEAD gives the offset, the rest → the same bytes, complete, video/mp4', async () => {
    const res = await create(clip.length, { filename: 'My clip.mp4', filetype: 'video/mp4', purpose: 'video' });
    expect(res.status).toBe(201);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/api\/admin\/uploads\/[0-9a-f]{32}$/);
    const id = idOf(location);
    expect(id.startsWith('up.')).toBe(false);
    expect(await row(id)).toMatchObject({ state: 'uploading', userId: adminId, purpose: 'video', name: 'My clip.mp4', size: clip.length });

    const half = Math.floor(clip.length / 2);
    const first = await patch(location, 0, clip.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    expect((await row(id))!.state).toBe('uploading');

    const probe = await head(location);
    expect(probe.status).toBe(200);
    expect(probe.headers.get('upload-offset')).toBe(String(half));
    expect(probe.headers.get('upload-length')).toBe(String(clip.length));
    expect(probe.headers.get('cache-control')).toBe('no-store');

    const rest = await patch(location, half, clip.subarray(half));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(clip.length));
    expect(await row(id)).toMatchObject({ state: 'complete', mimeType: 'video/mp4', error: null });
    expect(await storedHash(id)).toBe(sha256(clip));
    expect(await h.app.uploads.find(id)).toMatchObject({ state: 'complete', size: clip.length });
  });

  it('survives a connection dropped in the middle of a PATCH: the server keeps what arrived', async () => {
    const location = (await create(clip.length)).headers.get('location')!;
    const sent = Math.floor(clip.length * 0.6);
    // Announce the whole file, send 60 % of it, then cut the connection.
    await new Promise<void>((resolve) => {
      const req = http.request(`${base}${location}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          authorization: admin,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(clip.length),
        },
      });
      req.on('error', () => resolve());
      req.write(clip.subarray(0, sent), () => setTimeout(() => (req.destroy(), resolve()), 300));
    });
    let offset = -1;
    for (let i = 0; i < 50 && offset !== sent; i++) {
      await new Promise((r) => setTimeout(r, 50));
      offset = Number((await head(location)).headers.get('upload-offset'));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sent);
    expect((await patch(location, offset, clip.subarray(offset))).status).toBe(204);
    expect(await storedHash(idOf(location))).toBe(sha256(clip));
  });

  it('answers 409 to a wrong Upload-Offset, and leaves the upload as it was', async () => {
    const location = (await create(clip.length)).headers.get('location')!;
    expect((await patch(location, 0, clip.subarray(0, 5000))).status).toBe(204);
    await expectError(await patch(location, 100, clip.subarray(100, 6000)), 409, 'CONFLICT');
    expect((await head(location)).headers.get('upload-offset')).toBe('5000');
  });

  it('refuses a text file named clip.mp4 on its first PATCH (415): failed with the reason, nothing stored, no more PATCHes', async () => {
    const text = Buffer.from('This is not a video at all.\n'.repeat(400));
    const location = (await create(text.length, { filename: 'clip.mp4', filetype: 'video/mp4', purpose: 'video' })).headers.get('location')!;
    const id = idOf(location);
    const body = await expectError(await patch(location, 0, text.subarray(0, 5000)), 415, 'NOT_A_VIDEO');
    expect(body.message).toBe('Only MP4, MOV, WebM and MKV videos can be uploaded.');
    expect(await row(id)).toMatchObject({ state: 'failed', error: 'Only MP4, MOV, WebM and MKV videos can be uploaded.' });
    expect(fs.existsSync(`${h.config.dataDir}/uploads/${id}`)).toBe(false);
    await expectError(await patch(location, 5000, text.subarray(5000)), 415);
    await expectError(await patch(location, 0, text), 415);
    await expect(h.app.uploads.localFile(id)).rejects.toThrow();
  });

  it('checks a small file (under 4 KiB) when it is whole, and a picture by its bytes', async () => {
    const text = Buffer.from('hello');
    let location = (await create(text.length, { filename: 'a.png', purpose: 'image' })).headers.get('location')!;
    const body = await expectError(await patch(location, 0, text), 415, 'NOT_AN_IMAGE');
    expect(body.message).toMatch(/^Only images can be uploaded/);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    location = (await create(png.length, { filename: 'a.png', purpose: 'image' })).headers.get('location')!;
    expect((await patch(location, 0, png)).status).toBe(204);
    const id = idOf(location);
    expect(await row(id)).toMatchObject({ state: 'complete', mimeType: 'image/png', purpose: 'image' });
    expect(sha256(await h.app.uploads.read(id))).toBe(sha256(png));
  });

  it('takes the bytes with the creation too (creation-with-upload)', async () => {
    const res = await fetch(`${base}/api/admin/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        authorization: admin,
        'upload-length': String(clip.length),
        'upload-metadata': meta({ filename: 'c.mp4', purpose: 'video' }),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(clip),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('upload-offset')).toBe(String(clip.length));
    const id = idOf(res.headers.get('location'));
    expect(await row(id)).toMatchObject({ state: 'complete', mimeType: 'video/mp4' });
  });

  it('refuses too large (413), an unknown purpose (400), no or a deferred length (400), nothing stored', async () => {
    const before = (await rows()).length;
    const big = await expectError(await create(21 * 1024 * 1024), 413, 'PAYLOAD_TOO_LARGE');
    expect(big.message).toMatch(/20 MB/);
    await expectError(await create(2 * 1024 * 1024, { filename: 'a.png', purpose: 'image' }), 413, 'PAYLOAD_TOO_LARGE');
    await expectError(await create(100, { filename: 'a.mp4', purpose: 'download' }), 400, 'VALIDATION_ERROR');
    await expectError(await create(100, { filename: 'a.mp4' }), 400, 'VALIDATION_ERROR');
    const deferred = await fetch(`${base}/api/admin/uploads`, {
      method: 'POST',
      headers: { ...TUS, authorization: admin, 'upload-defer-length': '1', 'upload-metadata': meta({ purpose: 'video' }) },
    });
    await expectError(deferred, 400);
    await expectError(await create(0), 400);
    expect((await rows()).length).toBe(before);
  });

  it('finishes two uploads at once, both intact', async () => {
    const webm = await fs.promises.readFile(await makeClip({ seconds: 1, width: 160, height: 120, format: 'webm' }));
    const files = [clip, webm];
    const locations = await Promise.all(files.map(async (f) => (await create(f.length)).headers.get('location')!));
    const chunk = 16 * 1024;
    await Promise.all(
      files.map(async (file, i) => {
        for (let at = 0; at < file.length; at += chunk) expect((await patch(locations[i]!, at, file.subarray(at, at + chunk))).status).toBe(204);
      }),
    );
    expect(await storedHash(idOf(locations[0]!))).toBe(sha256(clip));
    expect(await storedHash(idOf(locations[1]!))).toBe(sha256(webm));
    expect((await row(idOf(locations[1]!)))!.mimeType).toBe('video/webm');
  });

  it('never answers 5xx to NUL bytes in metadata or broken headers', async () => {
    const nul = await create(clip.length, { filename: 'a\u0000b\u0000.mp4', purpose: 'video', filetype: 'video/\u0000' });
    expect(nul.status).toBe(201);
    expect((await row(idOf(nul.headers.get('location'))))!.name).toBe('ab.mp4');
    const location = nul.headers.get('location')!;
    const odd: Array<[string, Record<string, string>, (Buffer | null)?]> = [
      ['POST', { 'upload-length': '12', 'upload-metadata': 'purpose' }],
      ['POST', { 'upload-length': '12', 'upload-metadata': 'purpose !!!notbase64' }],
      ['POST', { 'upload-length': '-5', 'upload-metadata': meta({ purpose: 'video' }) }],
      ['POST', { 'upload-length': '1e3', 'upload-metadata': meta({ purpose: 'video' }) }],
      ['POST', { 'upload-length': '99999999999999999999', 'upload-metadata': meta({ purpose: 'video' }) }],
      ['POST', { 'upload-length': '12', 'upload-metadata': meta({ purpose: 'video' }), 'upload-concat': 'final;/x' }],
      ['POST', { 'upload-length': '12', 'upload-metadata': `purpose ${b64('video')},purpose ${b64('image')}` }],
      ['PATCH', { 'upload-offset': 'abc', 'content-type': 'application/offset+octet-stream' }, Buffer.from('x')],
      ['PATCH', { 'upload-offset': '-1', 'content-type': 'application/offset+octet-stream' }, Buffer.from('x')],
      ['PATCH', { 'content-type': 'application/offset+octet-stream' }, Buffer.from('x')],
      ['PATCH', { 'upload-offset': '0', 'content-type': 'text/plain' }, Buffer.from('x')],
      ['PATCH', { 'upload-offset': '0', 'content-type': 'application/json' }, Buffer.from('{"a":')],
      ['PATCH', { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'upload-length': '5' }, Buffer.from('x')],
      ['PATCH', { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, Buffer.alloc(clip.length + 10)],
      ['HEAD', { 'tus-resumable': '0.2.2' }],
    ];
    for (const [method, headers, body] of odd) {
      const url = method === 'POST' ? `${base}/api/admin/uploads` : `${base}${location}`;
      const res = await fetch(url, {
        method,
        headers: { ...TUS, authorization: admin, ...headers },
        ...(body ? { body: new Uint8Array(body) } : {}),
        signal: AbortSignal.timeout(5000),
      });
      expect(res.status, `${method} ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${JSON.stringify(headers)}`).toBeLessThan(500);
      if (method !== 'HEAD') expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
    // Without Tus-Resumable: 412 for the upload's URL; unknown or made-up ids 404.
    expect((await fetch(`${base}${location}`, { method: 'HEAD', headers: { authorization: admin } })).status).toBe(412);
    for (const id of ['0'.repeat(32), 'up.abc', '..%2F..%2Fetc', 'x'.repeat(400)]) {
      const res = await fetch(`${base}/api/admin/uploads/${id}`, {
        method: 'PATCH',
        headers: { ...TUS, authorization: admin, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: 'x',
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await head(location)).headers.get('upload-offset')).toBe('0');
  });

  it("keeps each admin's uploads to that admin, and members out of the URLs", async () => {
    const location = (await create(clip.length)).headers.get('location')!;
    const other = await login(h, (await createMember(h, { role: 'admin' })).username);
    expect((await head(location, other)).status).toBe(404);
    expect((await head(location, member)).status).toBe(403);
    expect((await fetch(`${base}${location}`, { method: 'HEAD', headers: TUS })).status).toBe(401);
  });

  it('removes an upload with DELETE (termination): bytes and row', async () => {
    const location = (await create(clip.length)).headers.get('location')!;
    const id = idOf(location);
    expect((await patch(location, 0, clip.subarray(0, 8000))).status).toBe(204);
    const res = await fetch(`${base}${location}`, { method: 'DELETE', headers: { ...TUS, authorization: admin } });
    expect(res.status).toBe(204);
    expect(await row(id)).toBeUndefined();
    expect(fs.existsSync(`${h.config.dataDir}/uploads/${id}`)).toBe(false);
    expect((await head(location)).status).toBe(404);
  });

  it('answers OPTIONS with what it supports (no deferred length)', async () => {
    const res = await fetch(`${base}/api/admin/uploads`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-extension')).toContain('creation');
    expect(res.headers.get('tus-extension')).toContain('termination');
    expect(res.headers.get('tus-extension')).toContain('expiration');
    expect(res.headers.get('tus-extension')).not.toContain('creation-defer-length');
    expect(res.headers.get('tus-max-size')).toBe(String(20 * 1024 * 1024));
    // Kept out of the OpenAPI document (the protocol is tus's, described in docs/api.md), which still builds.
    expect((await fetch(`${base}/api/docs/json`)).status).toBe(200);
  });

  it('still takes one-piece multipart uploads at the same URL (no Tus-Resumable header)', async () => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(clip)]), 'clip.mp4');
    const res = await fetch(`${base}/api/admin/uploads?purpose=video`, { method: 'POST', headers: { authorization: admin }, body: form });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { ref: string } }).data.ref).toMatch(/^up\./);
  });

  it('sweeps what is left: unfinished or failed after a day, bytes and rows', async () => {
    const location = (await create(clip.length)).headers.get('location')!;
    const id = idOf(location);
    expect((await patch(location, 0, clip.subarray(0, 5000))).status).toBe(204);
    const done = (await create(clip.length)).headers.get('location')!;
    expect((await patch(done, 0, clip)).status).toBe(204);
    await h.app.uploads.sweep(Date.now() + 25 * 3600_000);
    expect(await row(id)).toBeUndefined();
    expect(fs.existsSync(`${h.config.dataDir}/uploads/${id}`)).toBe(false);
    expect((await row(idOf(done)))!.state).toBe('complete'); // a finished one waits a week for its form
    await h.app.uploads.sweep(Date.now() + 8 * 24 * 3600_000);
    expect(await rows()).toEqual([]);
  });

  it('feeds the media pipeline: a video made from a finished upload gets its streams, and the upload is then removed', { timeout: 180_000 }, async () => {
    const location = (await create(clip.length)).headers.get('location')!;
    const id = idOf(location);
    const early = await fetch(`${base}/api/admin/videos`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Too early', video: id, status: 'inactive' }),
    });
    expect(early.status).toBe(400); // not finished yet
    expect((await patch(location, 0, clip)).status).toBe(204);
    const res = await fetch(`${base}/api/admin/videos`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'From a resumable upload', video: id, status: 'inactive' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const video = ((await res.json()) as { data: { _id: string; mediaState: string } }).data;
    expect(video.mediaState).toBe('processing');
    let state = 'processing';
    for (let i = 0; i < 1700 && state === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const got = await fetch(`${base}/api/admin/videos/${video._id}`, { headers: { authorization: admin } });
      state = ((await got.json()) as { data: { mediaState: string } }).data.mediaState;
    }
    expect(state).toBe('ready');
    // The media library keeps the original the pipeline kept (sent by this admin) and the poster it took.
    const [row] = await h.database.db.select().from(videos).where(eq(videos.id, video._id));
    const library = () =>
      h.database.db
        .select({ kind: mediaAssets.kind, by: mediaAssets.uploadedBy })
        .from(mediaAssets)
        .where(inArray(mediaAssets.key, [row!.video.key, row!.thumbnail!.key]))
        .orderBy(mediaAssets.kind);
    await expect.poll(library).toEqual([
      { kind: 'image', by: adminId },
      { kind: 'video', by: adminId },
    ]);
    // The upload goes right after the video is marked ready (media-pipeline.ts): wait for it, not for a fixed time.
    await expect.poll(() => h.app.uploads.find(id)).toBeNull();
    expect(fs.existsSync(`${h.config.dataDir}/uploads/${id}`)).toBe(false);
  });

  it('tells containers and pictures by their bytes', () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const b = Buffer.alloc(16 + 4 * compatible.length + 8);
      b.writeUInt32BE(16 + 4 * compatible.length, 0);
      b.write('ftyp', 4, 'latin1');
      b.write(major, 8, 'latin1');
      compatible.forEach((c, i) => b.write(c, 16 + 4 * i, 'latin1'));
      return b;
    };
    const ebml = (doc: string) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from(doc, 'latin1'), Buffer.alloc(40)]);
    expect(videoFormatOf(ftyp('qt  '), ANY_VIDEO)?.mimeType).toBe('video/quicktime');
    expect(videoFormatOf(ftyp('qt  '))).toBeNull(); // one-piece uploads keep to MP4 and WebM
    expect(videoFormatOf(ftyp('isom'), ANY_VIDEO)?.mimeType).toBe('video/mp4');
    expect(videoFormatOf(ftyp('XAVC', 'mp42'), ANY_VIDEO)?.mimeType).toBe('video/mp4');
    expect(videoFormatOf(ftyp('avif', 'mif1'), ANY_VIDEO)).toBeNull();
    expect(videoFormatOf(ftyp('XXXX', 'heic', 'mp42'), ANY_VIDEO)).toBeNull();
    expect(videoFormatOf(ebml('matroska'), ANY_VIDEO)?.mimeType).toBe('video/x-matroska');
    expect(videoFormatOf(ebml('matroska'))).toBeNull();
    expect(videoFormatOf(ebml('webm'))?.mimeType).toBe('video/webm');
    expect(imageTypeOf(ftyp('avif', 'mif1'))).toBe('image/avif');
    expect(imageTypeOf(ftyp('mif1', 'heic'))).toBe('image/heif');
    expect(imageTypeOf(Buffer.from('GIF89a......'))).toBe('image/gif');
    expect(imageTypeOf(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('image/webp');
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageTypeOf(ftyp('isom'))).toBeNull();
  });
});

/**
 * The same protocol with the bytes in an S3-compatible bucket (@tus/s3-store). Runs only when one is configured, e.g.
 * S3_TEST_ENDPOINT=http://127.0.0.1:9000 S3_TEST_BUCKET=tessera-test S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=…
 */
const s3 = process.env.S3_TEST_ENDPOINT;
describe.skipIf(!s3)('resumable uploads into S3', () => {
  const h = useApi(
    {
      STORAGE: 's3',
      S3_ENDPOINT: s3,
      S3_BUCKET: process.env.S3_TEST_BUCKET ?? 'tessera-test',
      S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? 'test',
      S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? 'test',
      MEDIA_WORKERS: '0',
    },
    { listen: true },
  );
  let base = '';
  let admin = '';
  beforeAll(async () => {
    base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    admin = await login(h, (await createMember(h, { role: 'admin' })).username);
  });
  const create = (size: number, purpose = 'video') =>
    fetch(`${base}/api/admin/uploads`, {
      method: 'POST',
      headers: { ...TUS, authorization: admin, 'upload-length': String(size), 'upload-metadata': meta({ filename: 'clip.mp4', purpose }) },
    });
  const patch = (location: string, offset: number, data: Buffer) =>
    fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: { ...TUS, authorization: admin, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(data),
    });

  it('resumes in pieces (the type checked from the first bytes as they pass) and reads back the same bytes', async () => {
    const clip = await fs.promises.readFile(await makeClip({ seconds: 2, width: 320, height: 240 }));
    const location = (await create(clip.length)).headers.get('location')!;
    const id = location.split('/').pop()!;
    for (const [from, to] of [
      [0, 1000],
      [1000, 9000],
      [9000, clip.length],
    ] as const) {
      expect((await fetch(`${base}${location}`, { method: 'HEAD', headers: { ...TUS, authorization: admin } })).headers.get('upload-offset')).toBe(
        String(from),
      );
      expect((await patch(location, from, clip.subarray(from, to))).status).toBe(204);
    }
    expect(await h.app.uploads.find(id)).toMatchObject({ state: 'complete', mimeType: 'video/mp4' });
    expect(sha256(await h.app.uploads.read(id))).toBe(sha256(clip));
    await h.app.uploads.remove(id);
    expect(await h.app.uploads.find(id)).toBeNull();
  });

  it('refuses the wrong bytes on the PATCH that brings the first 4 KiB', async () => {
    const text = Buffer.from('not a video\n'.repeat(1000));
    const location = (await create(text.length)).headers.get('location')!;
    expect((await patch(location, 0, text.subarray(0, 2000))).status).toBe(204);
    const res = await patch(location, 2000, text.subarray(2000, 6000));
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: string }).error).toBe('NOT_A_VIDEO');
    expect((await h.app.uploads.find(location.split('/').pop()!))!.state).toBe('failed');
  });
});
