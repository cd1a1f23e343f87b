import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entitlements, galleries, photos, stories } from '../../src/server/db/schema.ts';
import { REPORT_AUTOHIDE_COUNT } from '../../src/shared/contracts/community.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { call } from '../helpers/commerce.ts';
import { useSmtp } from '../helpers/smtp.ts';

/** The moderation queue: reports, their verbs, hiding items and comments from the site, automatic hiding. */
describe('the back office: reports', () => {
  const env: Record<string, string> = {};
  const sink = useSmtp(env);
  const h = useApi(env);
  let admin = '';
  let adminId = '';
  let author = { id: '', email: '', username: '' };
  let authorToken = '';
  const reporters: string[] = [];

  const as = (token: string | null, method: string, url: string, payload?: unknown) =>
    call(h, method as 'GET', url, { token: token ?? undefined, body: payload });
  const adminCall = (method: string, url: string, payload?: unknown) => as(admin, method, url, payload);

  /** A published post, by the back office. */
  const post = async (title: string) => {
    const res = await adminCall('POST', '/api/admin/posts', { title, type: 'post', status: 'active', content: '<p>Words.</p>' });
    expect(res.status).toBe(200);
    return res.body.data as { _id: string; slug: string };
  };
  const comment = async (objectId: string, content: string) => {
    const res = await as(authorToken, 'POST', '/api/comments', { objectType: 'post', objectId, content });
    expect(res.status).toBe(200);
    return res.body.data._id as string;
  };
  const report = (token: string, targetType: string, targetId: string, type = 'spam') =>
    as(token, 'POST', '/api/violation-reports', { type, targetType, targetId, description: 'Please look.' });
  const thread = async (postId: string) =>
    (await as(null, 'GET', `/api/comments/search?objectType=post&objectId=${postId}`)).body.data.data as { _id: string }[];
  const reportIdOn = async (targetId: string) => {
    const queue = (await adminCall('GET', '/api/admin/reports?status=all&limit=100')).body.data.data as { _id: string; targetId: string }[];
    return queue.find((r) => r.targetId === targetId)!._id;
  };

  beforeAll(async () => {
    const a = await createMember(h, { role: 'admin' });
    adminId = a.id;
    admin = await login(h, a.username);
    const m = await createMember(h);
    author = { id: m.id, email: m.email, username: m.username };
    authorToken = await login(h, m.username);
    for (let i = 0; i < REPORT_AUTOHIDE_COUNT + 1; i++) reporters.push(await login(h, (await createMember(h)).username));
  });

  it('lists the queue with the reported comment, shows it beside the report, and hiding it takes it off the thread', async () => {
    const p = await post('Night market');
    const commentId = await comment(p._id, 'Buy cheap watches at spam.example');
    expect((await report(reporters[0]!, 'comment', commentId)).status).toBe(200);
    expect((await report(reporters[0]!, 'comment', commentId)).status).toBe(409);

    const queue = await adminCall('GET', '/api/admin/reports');
    expect(queue.status).toBe(200);
    const row = queue.body.data.data.find((r: { targetId: string }) => r.targetId === commentId);
    expect(row).toMatchObject({ status: 'open', targetType: 'comment', type: 'spam', targetHidden: false });
    expect(row.title).toContain('Buy cheap watches');

    const page = await adminCall('GET', `/api/admin/reports/${row._id}`);
    expect(page.body.data.target).toMatchObject({ kind: 'comment', text: 'Buy cheap watches at spam.example', on: 'Night market' });
    expect(page.body.data.author).toMatchObject({ id: author.id, username: author.username });
    expect(page.body.data.targetPath).toBe(`/posts/${p.slug}`);

    const reviewed = await adminCall('POST', `/api/admin/reports/${row._id}/review`, {});
    expect(reviewed.body.data.status).toBe('reviewing');
    expect((await adminCall('POST', `/api/admin/reports/${row._id}/review`, {})).status).toBe(409);

    expect((await thread(p._id)).map((c) => c._id)).toContain(commentId);
    const hidden = await adminCall('POST', `/api/admin/reports/${row._id}/hide-item`, {});
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ status: 'actioned', targetHidden: true, hiddenBy: 'operator' });
    expect((await thread(p._id)).map((c) => c._id)).not.toContain(commentId);
    expect((await adminCall('POST', `/api/admin/reports/${row._id}/hide-item`, {})).status).toBe(409);
    // The queue (open and reviewing) no longer holds it; the audit log says who did what.
    expect((await adminCall('GET', '/api/admin/reports')).body.data.data.map((r: { _id: string }) => r._id)).not.toContain(row._id);
    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, row._id), eq(auditLog.action, 'hide-item')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(adminId);

    const shown = await adminCall('POST', `/api/admin/reports/${row._id}/unhide-item`, {});
    expect(shown.body.data.targetHidden).toBe(false);
    expect((await thread(p._id)).map((c) => c._id)).toContain(commentId);
    expect((await adminCall('POST', `/api/admin/reports/${row._id}/unhide-item`, {})).status).toBe(409);
  });

  it('dismisses a report (and not twice); a dismissed report leaves its target as it was', async () => {
    const p = await post('Harbour lights');
    expect((await report(reporters[1]!, 'post', p._id, 'copyright')).status).toBe(200);
    const id = await reportIdOn(p._id);
    const filtered = await adminCall('GET', '/api/admin/reports?targetType=post&type=copyright');
    expect(filtered.body.data.data.map((r: { _id: string }) => r._id)).toEqual([id]);
    const item = (await adminCall('GET', `/api/admin/reports/${id}`)).body.data;
    expect(item.target).toMatchObject({ kind: 'post', title: 'Harbour lights', adminPath: `/admin/posts/${p._id}` });
    expect(item.author).toBeNull();

    const dismissed = await adminCall('POST', `/api/admin/reports/${id}/dismiss`, {});
    expect(dismissed.body.data).toMatchObject({ status: 'dismissed', targetHidden: false });
    expect((await adminCall('POST', `/api/admin/reports/${id}/dismiss`, {})).status).toBe(409);
    expect((await adminCall('POST', `/api/admin/reports/${id}/review`, {})).status).toBe(409);
    expect((await as(null, 'GET', `/api/posts/${p.slug}`)).status).toBe(200);
    expect((await adminCall('GET', '/api/admin/reports?status=dismissed')).body.data.data.map((r: { _id: string }) => r._id)).toContain(id);
    // An item has no member author: warning or banning it is refused, nothing changes.
    expect((await adminCall('POST', `/api/admin/reports/${id}/warn-member`, { message: 'Stop.' })).status).toBe(400);
    // Bad input: the contract's error at the field, never a 5xx.
    expect((await adminCall('GET', '/api/admin/reports?status=closed')).status).toBe(400);
    expect((await adminCall('POST', `/api/admin/reports/${id}/warn-member`, {})).status).toBe(400);
    expect((await adminCall('GET', `/api/admin/reports/${crypto.randomUUID()}`)).status).toBe(404);
    // Read-only: members send reports, the back office only decides them.
    expect((await adminCall('POST', '/api/admin/reports', { status: 'open' })).status).toBe(404);
    expect((await adminCall('DELETE', `/api/admin/reports/${id}`)).status).toBe(404);
  });

  it(`hides an item automatically at exactly ${REPORT_AUTOHIDE_COUNT} open reports from different members; its buyer keeps it`, async () => {
    const cover = {
      key: 'images/desert.webp',
      width: 800,
      height: 500,
      mimeType: 'image/webp',
      size: 1000,
      variants: [],
      previewKey: 'images/desert-blur.webp',
    };
    const [story] = await h.database.db
      .insert(stories)
      .values({ slug: 'desert-road', title: 'Desert road', content: '<p>Sand.</p>', cover, isSale: true, price: 10 })
      .returning();
    const buyer = await createMember(h);
    const buyerToken = await login(h, buyer.username);
    await h.database.db.insert(entitlements).values({ userId: buyer.id, itemType: 'story', itemId: story!.id });
    for (let i = 0; i < REPORT_AUTOHIDE_COUNT - 1; i++) expect((await report(reporters[i]!, 'story', story!.id)).status).toBe(200);
    expect((await as(null, 'GET', '/api/stories/desert-road/view?countView=false')).status).toBe(200);
    expect((await as(null, 'GET', '/api/stories/search?q=desert')).body.data.total).toBe(1);

    expect((await report(reporters[REPORT_AUTOHIDE_COUNT - 1]!, 'story', story!.id)).status).toBe(200);
    expect((await as(null, 'GET', '/api/stories/desert-road/view?countView=false')).status).toBe(404);
    expect((await as(null, 'GET', '/api/stories/search?q=desert')).body.data.total).toBe(0);
    expect((await as(null, 'GET', '/api/search/total?q=desert')).body.data).toMatchObject({ totalStories: 0 });
    // Its buyer keeps what they paid for: the story and its text.
    const bought = await as(buyerToken, 'GET', '/api/stories/desert-road/view?countView=false');
    expect(bought.status).toBe(200);
    expect(bought.body.data.content).toContain('Sand.');

    const id = await reportIdOn(story!.id);
    const item = (await adminCall('GET', `/api/admin/reports/${id}`)).body.data;
    expect(item).toMatchObject({ targetHidden: true, hiddenBy: 'reports' });
    expect(item.others).toHaveLength(REPORT_AUTOHIDE_COUNT - 1);
    // It stays hidden until an operator shows it again.
    expect((await report(reporters[REPORT_AUTOHIDE_COUNT]!, 'story', story!.id)).status).toBe(200);
    expect((await as(null, 'GET', '/api/stories/desert-road/view?countView=false')).status).toBe(404);
    await adminCall('POST', `/api/admin/reports/${id}/unhide-item`, {});
    expect((await as(null, 'GET', '/api/stories/desert-road/view?countView=false')).status).toBe(200);
  });

  it('a hidden gallery and its photos are off the site except for its buyer', async () => {
    const image = { key: 'images/lake.webp', width: 800, height: 500, mimeType: 'image/webp', size: 1000, variants: [], previewKey: 'images/lake-blur.webp' };
    const [gallery] = await h.database.db
      .insert(galleries)
      .values({ slug: 'still-lake', title: 'Still lake', cover: image, numOfItems: 1, isSale: true, price: 5 })
      .returning();
    await h.database.db.insert(photos).values({ target: 'gallery', targetId: gallery!.id, image, isCover: true });
    const buyer = await createMember(h);
    const buyerToken = await login(h, buyer.username);
    await h.database.db.insert(entitlements).values({ userId: buyer.id, itemType: 'gallery', itemId: gallery!.id });
    const photosFor = async (token: string | null) => (await as(token, 'GET', `/api/assets/photos?target=gallery&targetId=${gallery!.id}`)).body.data.total;
    expect(await photosFor(null)).toBe(1);

    await report(reporters[3]!, 'gallery', gallery!.id, 'copyright');
    await adminCall('POST', `/api/admin/reports/${await reportIdOn(gallery!.id)}/hide-item`, {});
    expect(await photosFor(null)).toBe(0);
    expect(await photosFor(buyerToken)).toBe(1);
    expect((await as(null, 'GET', '/api/assets/galleries/search?q=lake')).body.data.total).toBe(0);
    expect((await as(buyerToken, 'GET', '/api/assets/galleries/search?q=lake')).body.data.total).toBe(1);
  });

  it('warns the comment author by mail and bans them: their session ends at once and login says the account is inactive', async () => {
    const p = await post('Old town');
    const commentId = await comment(p._id, 'You are all idiots');
    await report(reporters[2]!, 'comment', commentId, 'harassment');
    const id = await reportIdOn(commentId);

    expect((await adminCall('POST', `/api/admin/reports/${id}/warn-member`, { message: '' })).status).toBe(400);
    const warned = await adminCall('POST', `/api/admin/reports/${id}/warn-member`, { message: 'Please be kind to other members.' });
    expect(warned.status).toBe(200);
    expect(warned.body.data.status).toBe('actioned');
    const mail = await sink.waitFor(author.email, /warning/);
    expect(mail.text).toContain('Please be kind to other members.');

    expect((await adminCall('POST', `/api/admin/reports/${id}/ban-member`, {})).status).toBe(400);
    const banned = await adminCall('POST', `/api/admin/reports/${id}/ban-member`, { reason: 'Insults after a warning.' });
    expect(banned.status).toBe(200);
    expect(banned.body.data.author.status).toBe('inactive');
    expect((await as(authorToken, 'GET', '/api/users/me')).status).toBe(401);
    const again = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: author.username, password: 'member-pass-123' } });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/inactive/);
    expect((await adminCall('POST', `/api/admin/reports/${id}/ban-member`, { reason: 'Again.' })).status).toBe(409);
    await sink.waitFor(author.email, /account is closed/);
  });
});
