import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema.ts';
import { createMember, login, useApi } from '../helpers/api.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const MB = 1024 * 1024;
const metadata = `filename ${btoa('clip.mp4')},purpose ${btoa('video')}`;

/** What one admin may have under way in resumable uploads: how many, and how many bytes they announce. */
describe('resumable uploads: bounds per admin', () => {
  const h = useApi({ VIDEO_UPLOAD_LIMIT_MB: '20', UPLOADS_OPEN_MAX: '3', UPLOADS_PENDING_MB: '50' }, { listen: true });
  let base = '';
  beforeAll(() => {
    base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
  });

  const newAdmin = async () => {
    const admin = await createMember(h, { role: 'admin' });
    return { id: admin.id, token: await login(h, admin.username) };
  };
  const create = (token: string, size: number) =>
    fetch(`${base}/api/admin/uploads`, {
      method: 'POST',
      headers: { ...TUS, authorization: token, 'upload-length': String(size), 'upload-metadata': metadata },
    });
  const underWay = (userId: string) => h.database.db.$count(uploads, and(eq(uploads.userId, userId), eq(uploads.state, 'uploading')));
  async function expectRefusal(res: Response, status: number, error: string, message: RegExp) {
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ statusCode: status, error, message: expect.stringMatching(message) });
  }

  it('a fourth upload under way is refused (429) until one is finished or cancelled', async () => {
    const admin = await newAdmin();
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await create(admin.token, MB));
    expect(created.map((r) => r.status)).toEqual([201, 201, 201]);
    await expectRefusal(await create(admin.token, MB), 429, 'RATE_LIMITED', /3 uploads under way: finish or cancel one/);
    expect(await underWay(admin.id)).toBe(3);

    const cancelled = await fetch(`${base}${created[0]!.headers.get('location')}`, { method: 'DELETE', headers: { ...TUS, authorization: admin.token } });
    expect(cancelled.status).toBe(204);
    expect((await create(admin.token, MB)).status).toBe(201);
    // Another admin has bounds of their own.
    expect((await create((await newAdmin()).token, MB)).status).toBe(201);
  });

  it('announced bytes past the bound are refused (413), and a creation that fits still goes', async () => {
    const admin = await newAdmin();
    expect((await create(admin.token, 20 * MB)).status).toBe(201);
    expect((await create(admin.token, 20 * MB)).status).toBe(201);
    await expectRefusal(await create(admin.token, 20 * MB), 413, 'PAYLOAD_TOO_LARGE', /already announce 40 MB of the 50 MB allowed/);
    expect((await create(admin.token, 10 * MB)).status).toBe(201);
    expect(await underWay(admin.id)).toBe(3);
  });

  it('thirty creations sent at once: three are under way, the others refused, none lost in between', async () => {
    const admin = await newAdmin();
    const answers = await Promise.all(Array.from({ length: 30 }, () => create(admin.token, MB)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(27).fill(429)]);
    expect(await underWay(admin.id)).toBe(3);
  });

  it('a request on an upload without Tus-Resumable is 412; a creation without it is the one-piece multipart upload (400 when not multipart)', async () => {
    const admin = await newAdmin();
    const location = (await create(admin.token, MB)).headers.get('location')!;
    const untagged = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: { authorization: admin.token, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: 'bytes',
    });
    await expectRefusal(untagged, 412, 'BAD_REQUEST', /Tus-Resumable/);
    const plain = await fetch(`${base}/api/admin/uploads`, { method: 'POST', headers: { authorization: admin.token, 'upload-length': '10' } });
    expect(plain.status).toBe(400);
    expect(await underWay(admin.id)).toBe(1);
  });
});
