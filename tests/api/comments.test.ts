import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/socket-events.ts';
import { COMMENT_EMPTY, COMMENT_MAX, COMMENT_TOO_LONG } from '../../src/shared/contracts/comments.ts';
import { createMember, expectEvery, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call, idOf, multipart } from '../helpers/commerce.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('comments', () => {
  const h = useApi({ LOGIN_LIMIT_PER_IP: '1000', COMMENT_LIMIT_PER_MINUTE: '20' }, { realtime: true, listen: true });
  let author: string;
  let other: string;
  let admin: string;
  let video: string;
  let story: string;
  const clients: Client[] = [];
  afterEach(() => clients.splice(0).forEach((c) => c.disconnect()));
  beforeAll(async () => {
    await seedCatalogue(h);
    author = await login(h, (await createMember(h, { name: 'Ada Author' })).username);
    other = await login(h, (await createMember(h)).username);
    admin = await login(h, (await createMember(h, { role: 'admin' })).username);
    video = await idOf(h, 'video', 'desert-colour-drift');
    story = await idOf(h, 'story', (await call(h, 'GET', '/api/stories/search?limit=1')).body.data.data[0].slug);
  });

  const post = (body: object, token = author) => call(h, 'POST', '/api/comments', { token, body });
  const list = (objectType: string, objectId: string, extra = '') =>
    call(h, 'GET', `/api/comments/search?objectType=${objectType}&objectId=${objectId}${extra}`);
  const statsOf = async () => (await call(h, 'GET', '/api/assets/videos/desert-colour-drift?countView=false')).body.data.stats.comments as number;

  it('creates comments newest first with their public author, counts them on the item, and keeps text as text', async () => {
    const before = await statsOf();
    const listed = (await list('video', video)).body.data.total; // the demo thread
    const first = await post({ objectType: 'video', objectId: video, content: '  First!  ' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ objectType: 'video', objectId: video, content: 'First!', totalReply: 0, creator: { name: 'Ada Author' } });
    expect(Object.keys(first.body.data.creator).sort()).toEqual(['_id', 'avatar', 'cover', 'name', 'username']);
    const script = '<script>alert(1)</script> <img src=x onerror=alert(2)> see https://example.com';
    const second = await post({ objectType: 'video', objectId: video, content: script });
    expect(second.body.data.content).toBe(script); // stored as typed; pages render it escaped
    const page = await list('video', video);
    expect(page.body.data.total).toBe(listed + 2);
    expect(page.body.data.data.slice(0, 2).map((c: { content: string }) => c.content)).toEqual([script, 'First!']);
    expect(await statsOf()).toBe(before + 2);
    expect((await list('video', video, '&limit=1&offset=1')).body.data.data[0].content).toBe('First!');
  });

  it('replies are comments on a comment: counted on the parent, never nested deeper, deleted with it', async () => {
    const parent = (await post({ objectType: 'story', objectId: story, content: 'Parent' })).body.data;
    const reply = await post({ objectType: 'comment', objectId: parent._id, content: 'A reply' }, other);
    expect(reply.status).toBe(200);
    expect((await list('story', story)).body.data.data[0]).toMatchObject({ _id: parent._id, totalReply: 1 });
    expect((await list('comment', parent._id)).body.data).toMatchObject({ total: 1, data: [{ content: 'A reply' }] });
    const nested = await post({ objectType: 'comment', objectId: reply.body.data._id, content: 'deeper' });
    expect(nested).toMatchObject({ status: 400, body: { error: 'NESTED_REPLY' } });
    expect((await call(h, 'DELETE', `/api/comments/${parent._id}`, { token: author })).status).toBe(200);
    expect((await list('comment', parent._id)).body.data.total).toBe(0);
  });

  it('refuses empty, over-long and malformed comments with a message, and anonymous ones with 401', async () => {
    const before = (await list('video', video)).body.data.total;
    expect(await post({ objectType: 'video', objectId: video, content: '   ' })).toMatchObject({ status: 400, body: { message: COMMENT_EMPTY } });
    expect(await post({ objectType: 'video', objectId: video, content: 'x'.repeat(COMMENT_MAX + 1) })).toMatchObject({
      status: 400,
      body: { message: COMMENT_TOO_LONG },
    });
    expect((await post({ objectType: 'video', objectId: video, content: 'é'.repeat(COMMENT_MAX) })).status).toBe(200);
    expect((await post({ objectType: 'planet', objectId: video, content: 'hi' })).status).toBe(400);
    expect((await post({ objectType: 'video', objectId: 'not-a-uuid', content: 'hi' })).status).toBe(400);
    expect((await post({ objectType: 'video', objectId: '00000000-0000-4000-8000-000000000000', content: 'hi' })).status).toBe(404);
    expect((await call(h, 'POST', '/api/comments', { body: { objectType: 'video', objectId: video, content: 'hi' } })).status).toBe(401);
    expect((await list('video', video)).body.data.total).toBe(before + 1);
    expect((await call(h, 'GET', '/api/comments/search?objectType=video')).status).toBe(400);
  });

  it('deletes for the author or an admin only; others get 403 and nothing changes', async () => {
    const mine = (await post({ objectType: 'video', objectId: video, content: 'mine' })).body.data;
    const theirs = (await post({ objectType: 'video', objectId: video, content: 'theirs' }, other)).body.data;
    const count = await statsOf();
    expect((await call(h, 'DELETE', `/api/comments/${mine._id}`, { token: other })).status).toBe(403);
    expect((await call(h, 'DELETE', `/api/comments/${mine._id}`)).status).toBe(401);
    expect(await statsOf()).toBe(count);
    expect((await call(h, 'DELETE', `/api/comments/${mine._id}`, { token: author })).body.data).toEqual({ success: true, _id: mine._id });
    expect((await call(h, 'DELETE', `/api/comments/${theirs._id}`, { token: admin })).status).toBe(200);
    expect(await statsOf()).toBe(count - 2);
    expect((await call(h, 'DELETE', `/api/comments/${mine._id}`, { token: author })).status).toBe(404);
    // An id that is not a UUID is a malformed request, before anything is looked up.
    expect((await call(h, 'DELETE', '/api/comments/nope', { token: author })).body).toMatchObject({ statusCode: 400, error: 'VALIDATION_ERROR' });
  });

  it('edits with a multipart upload: new text and an image, re-encoded; only the author', async () => {
    const c = (await post({ objectType: 'video', objectId: video, content: 'before' })).body.data;
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const form = await multipart('pic.png', new Blob([png], { type: 'image/png' }), { content: 'after' });
    const put = (token: string, f = form) =>
      h.app.inject({ method: 'PUT', url: `/api/comments/${c._id}`, headers: { authorization: token, 'content-type': f.contentType }, payload: f.payload });
    expect((await put(other)).statusCode).toBe(403);
    const res = await put(author);
    expect(res.statusCode).toBe(200);
    const edited = res.json().data;
    expect(edited).toMatchObject({
      content: 'after',
      attachment: { url: expect.stringMatching(/^\/media\/public\/comments\/.+\.webp$/), width: 300, height: 200 },
    });
    const img = await h.app.inject({ method: 'GET', url: edited.attachment.url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const text = await multipart('evil.png', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), { content: 'x' });
    expect((await put(author, text)).json()).toMatchObject({ statusCode: 400, error: 'NOT_AN_IMAGE' });
    const empty = await multipart(null, null, { content: ' ' });
    expect((await put(author, empty)).json().message).toBe(COMMENT_EMPTY);
  });

  it('rate limits comments per member with 429 and Retry-After', async () => {
    const busy = await login(h, (await createMember(h)).username);
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await post({ objectType: 'video', objectId: video, content: `spam ${i}` }, busy)).status);
    expectEvery(statuses, (s) => s === 200);
    const limited = await post({ objectType: 'video', objectId: video, content: 'one more' }, busy);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post({ objectType: 'video', objectId: video, content: 'someone else' }, other)).status).toBe(200);
  });

  function watcher(objectType: string, objectId: string): Promise<Client> {
    const { port } = h.app.server.address() as { port: number };
    const socket: Client = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
    clients.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect_error', reject);
      socket.once('connect', () => {
        // The server acknowledges once the socket is in the room.
        socket.emit('comments/watch', { objectType, objectId }, (watching) => (watching ? resolve(socket) : reject(new Error('not watching'))));
      });
    });
  }
  const next = <E extends keyof ServerToClientEvents>(socket: Client, event: E, ms = 1500) =>
    new Promise<Parameters<ServerToClientEvents[E]>[0] | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), ms);
      socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => (clearTimeout(timer), resolve(payload))) as never);
    });

  it('tells everyone viewing the object (anonymous too) of new and deleted comments, and nobody else', async () => {
    const viewer = await watcher('video', video);
    const elsewhere = await watcher('story', story);
    const created = next(viewer, 'comment_created');
    const notHere = next(elsewhere, 'comment_created', 500);
    const c = (await post({ objectType: 'video', objectId: video, content: 'live!' })).body.data;
    expect(await created).toMatchObject({ _id: c._id, content: 'live!', creator: { name: 'Ada Author' } });
    expect(await notHere).toBe('timeout');
    // An edit is heard live too.
    const edited = next(viewer, 'comment_updated');
    const form = await multipart('none.txt', new Blob([]), { content: 'live, edited' });
    const put = await h.app.inject({
      method: 'PUT',
      url: `/api/comments/${c._id}`,
      headers: { authorization: author, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await edited).toMatchObject({ _id: c._id, content: 'live, edited' });
    const deleted = next(viewer, 'comment_deleted');
    await call(h, 'DELETE', `/api/comments/${c._id}`, { token: author });
    expect(await deleted).toEqual({ _id: c._id, objectId: video, objectType: 'video' });
    expect(await viewer.emitWithAck('comments/unwatch', { objectType: 'video', objectId: video })).toBe(false);
    const after = next(viewer, 'comment_created', 500);
    await post({ objectType: 'video', objectId: video, content: 'unheard' });
    expect(await after).toBe('timeout');
  });

  it('a reply is heard in the room of the item its parent is on', async () => {
    const parent = (await post({ objectType: 'video', objectId: video, content: 'parent' })).body.data;
    const viewer = await watcher('video', video);
    const heard = next(viewer, 'comment_created');
    await post({ objectType: 'comment', objectId: parent._id, content: 'reply' }, other);
    expect(await heard).toMatchObject({ objectType: 'comment', objectId: parent._id, content: 'reply' });
  });
});
