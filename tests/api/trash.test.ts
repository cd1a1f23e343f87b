import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, comments, entitlements, hiddenTargets, orders, posts, products, stories } from '../../src/server/db/schema.ts';
import { TRASH_QUEUE } from '../../src/server/modules/content/trash-jobs.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { call, multipart } from '../helpers/commerce.ts';

/**
 * The back office's trash (issue 35, part 3): a delete puts a content item there, a restore brings it back as it was
 * (its address, or a free variant said in a notice), "Delete for good" erases it (or keeps it out of sight for the
 * members who hold it), and the hourly job purges what has waited longer than TRASH_DAYS.
 */
describe('the trash of the back office', () => {
  const h = useApi();
  let admin = '';
  let member = '';
  let memberId = '';
  const as = (token: string | null, method: string, url: string, body?: unknown) => call(h, method as 'GET', url, { token: token ?? undefined, body });
  const adminCall = (method: string, url: string, body?: unknown) => as(admin, method, url, body);
  const pub = (url: string) => as(null, 'GET', url);
  const trashOf = async (resource: string, query = '') => (await adminCall('GET', `/api/admin/${resource}/trash${query}`)).body.data;
  const auditOf = async (resource: string, id: string) =>
    (await adminCall('GET', `/api/admin/audit?resource=${resource}&targetId=${id}`)).body.data.data.map((e: { action: string }) => e.action);
  const newPost = async (title: string, status: 'active' | 'inactive' = 'active') =>
    (await adminCall('POST', '/api/admin/posts', { title, type: 'post', content: '<p>Text.</p>', status })).body.data as { _id: string; slug: string };
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);

  async function imageRef(colour = '#3366aa') {
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const form = await multipart('p.png', new Blob([new Uint8Array(png)]));
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/uploads?purpose=image',
      headers: { authorization: admin, 'content-type': form.contentType },
      payload: form.payload,
    });
    return res.json().data.ref as string;
  }
  /** A priced story the member buys. */
  async function boughtStory(title: string) {
    const story = (await adminCall('POST', '/api/admin/stories', { title, cover: await imageRef(), isSale: true, price: 3, status: 'active' })).body.data;
    expect((await as(member, 'POST', `/api/token-transactions/stories/${story._id}`, {})).status).toBe(200);
    return story as { _id: string; slug: string };
  }

  beforeAll(async () => {
    admin = await login(h, (await createMember(h, { role: 'admin' })).username);
    const m = await createMember(h, { tokens: 500 });
    memberId = m.id;
    member = await login(h, m.username);
  });

  it('delete → trash → restore: off the site and the list while in the trash, back at its address and published as it was', async () => {
    const post = await newPost('Harbour lights');
    expect((await pub('/api/posts/harbour-lights')).status).toBe(200);
    expect((await adminCall('DELETE', `/api/admin/posts/${post._id}`)).status).toBe(200);

    expect((await pub('/api/posts/harbour-lights')).status).toBe(404);
    expect((await adminCall('GET', `/api/admin/posts/${post._id}`)).status).toBe(404);
    expect((await adminCall('GET', '/api/admin/posts?q=harbour')).body.data.total).toBe(0);
    const trash = await trashOf('posts');
    expect(trash.total).toBe(1);
    // As it will come back: its address and state before the delete, when it went and when the job takes it.
    expect(trash.data[0]).toMatchObject({ _id: post._id, title: 'Harbour lights', slug: 'harbour-lights', state: 'published' });
    expect(Date.parse(trash.data[0].purgeAt) - Date.parse(trash.data[0].deletedAt)).toBe(30 * 24 * 3600_000);

    const back = await adminCall('POST', `/api/admin/posts/trash/${post._id}/restore`);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ item: { _id: post._id, slug: 'harbour-lights', state: 'published' }, notice: null });
    expect((await pub('/api/posts/harbour-lights')).body.data.title).toBe('Harbour lights');
    expect((await trashOf('posts')).total).toBe(0);
    expect(await auditOf('posts', post._id)).toEqual(['restore', 'delete', 'create']);
  });

  it('a draft comes back a draft; the newest deleted is listed first; search finds by title', async () => {
    const draft = await newPost('Quiet draft', 'inactive');
    const other = await newPost('Loud notice');
    await adminCall('DELETE', `/api/admin/posts/${draft._id}`);
    await adminCall('DELETE', `/api/admin/posts/${other._id}`);
    expect((await trashOf('posts')).data.map((p: { title: string }) => p.title)).toEqual(['Loud notice', 'Quiet draft']);
    expect((await trashOf('posts', '?q=quiet')).data.map((p: { title: string }) => p.title)).toEqual(['Quiet draft']);
    const back = (await adminCall('POST', `/api/admin/posts/trash/${draft._id}/restore`)).body.data.item;
    expect([back.state, back.status]).toEqual(['draft', 'inactive']);
    expect((await adminCall('POST', `/api/admin/posts/trash/${other._id}/restore`)).status).toBe(200);
  });

  it('an address taken meanwhile: the item comes back at a free variant of it, and the answer says so', async () => {
    const old = await newPost('Harbour news');
    await adminCall('DELETE', `/api/admin/posts/${old._id}`);
    const replacement = await newPost('Harbour news');
    expect(replacement.slug).toBe('harbour-news');
    const back = await adminCall('POST', `/api/admin/posts/trash/${old._id}/restore`);
    expect(back.status).toBe(200);
    expect(back.body.data.item.slug).toBe('harbour-news-2');
    expect(back.body.data.notice).toBe("Its address 'harbour-news' was taken by another post meanwhile: it is back at 'harbour-news-2'.");
    expect((await pub('/api/posts/harbour-news')).body.data._id).toBe(replacement._id);
    expect((await pub('/api/posts/harbour-news-2')).body.data._id).toBe(old._id);
  });

  it('what can no longer be public comes back as a draft, and the answer says why', async () => {
    const product = (
      await adminCall('POST', '/api/admin/products', { name: 'Tide chart', type: 'physical', price: 5, stock: 2, images: [await imageRef()], status: 'active' })
    ).body.data;
    await adminCall('DELETE', `/api/admin/products/${product._id}`);
    // Its pictures went meanwhile (nothing in the back office can do it to a deleted product; the rule holds anyway).
    await h.database.db.update(products).set({ images: [] }).where(eq(products.id, product._id));
    const back = (await adminCall('POST', `/api/admin/products/trash/${product._id}/restore`)).body.data;
    expect(back.item.state).toBe('draft');
    expect(back.notice).toBe('It is back as a draft: Pictures: add at least one before publishing.');
  });

  it('an item withdrawn before the trash existed (no address or status kept) comes back as a draft at its old address', async () => {
    const [row] = await h.database.db
      .insert(posts)
      .values({ slug: 'old-times-deleted-0a1b2c3d', title: 'Old times', status: 'deleted', deletedAt: new Date() })
      .returning();
    expect((await trashOf('posts')).data[0]).toMatchObject({ _id: row!.id, slug: 'old-times', state: 'draft' });
    const back = (await adminCall('POST', `/api/admin/posts/trash/${row!.id}/restore`)).body.data.item;
    expect([back.slug, back.state]).toEqual(['old-times', 'draft']);
  });

  it('delete for good erases a post nobody holds, with its comments, replies and moderation entry; only from the trash', async () => {
    const post = await newPost('Passing thought');
    const [thread] = await h.database.db.insert(comments).values({ objectType: 'post', objectId: post._id, userId: memberId, content: 'Nice' }).returning();
    await h.database.db.insert(comments).values({ objectType: 'comment', objectId: thread!.id, userId: memberId, content: 'Agreed' });
    await h.database.db.insert(hiddenTargets).values({ targetType: 'post', targetId: post._id, reason: 'operator' });

    // Not in the trash: a 404, and nothing changes.
    const early = await adminCall('DELETE', `/api/admin/posts/trash/${post._id}`);
    expect([early.status, early.body.error]).toEqual([404, 'NOT_FOUND']);
    expect((await adminCall('GET', `/api/admin/posts/${post._id}`)).status).toBe(200);

    await adminCall('DELETE', `/api/admin/posts/${post._id}`);
    const purged = await adminCall('DELETE', `/api/admin/posts/trash/${post._id}`);
    expect(purged.status).toBe(200);
    expect(purged.body.data).toEqual({ _id: post._id, kept: false });
    expect(await h.database.db.$count(posts, eq(posts.id, post._id))).toBe(0);
    expect(await h.database.db.$count(comments, inArray(comments.objectId, [post._id, thread!.id]))).toBe(0);
    expect(await h.database.db.$count(hiddenTargets, eq(hiddenTargets.targetId, post._id))).toBe(0);
    expect((await trashOf('posts')).total).toBe(0);
    expect((await adminCall('POST', `/api/admin/posts/trash/${post._id}/restore`)).status).toBe(404);
    expect(await auditOf('posts', post._id)).toEqual(['purge', 'delete', 'create']);
  });

  it('delete for good of a bought story keeps it for its buyer: the entitlement and the spend stay, the trash forgets it', async () => {
    const story = await boughtStory('The lamplighter');
    await adminCall('DELETE', `/api/admin/stories/${story._id}`);
    const purged = await adminCall('DELETE', `/api/admin/stories/trash/${story._id}`);
    expect(purged.body.data).toEqual({ _id: story._id, kept: true });
    // A tombstone: the row stays (out of the trash, never restorable), the buyer's records are whole.
    const [row] = await h.database.db.select().from(stories).where(eq(stories.id, story._id));
    expect([row!.status, row!.purgedAt instanceof Date]).toEqual(['deleted', true]);
    expect(await h.database.db.$count(entitlements, and(eq(entitlements.userId, memberId), eq(entitlements.itemId, story._id)))).toBe(1);
    const spends = (await as(member, 'GET', '/api/token-transactions/user/search?type=story')).body.data.data;
    expect(spends.map((t: { targetId: string; totalPrice: number }) => [t.targetId, t.totalPrice])).toContainEqual([story._id, 3]);
    expect((await trashOf('stories')).total).toBe(0);
    expect((await adminCall('POST', `/api/admin/stories/trash/${story._id}/restore`)).status).toBe(404);
    expect((await pub(`/api/stories/${story.slug}/view`)).status).toBe(404);
  });

  it("delete for good of an ordered product keeps the buyer's order", async () => {
    const product = (
      await adminCall('POST', '/api/admin/products', {
        name: 'Harbour mug',
        type: 'physical',
        price: 20,
        stock: 4,
        images: [await imageRef('#aa3300')],
        status: 'active',
      })
    ).body.data;
    const buy = await as(member, 'POST', '/api/token-transactions/products', {
      products: [{ _id: product._id, quantity: 1 }],
      recipientName: 'Jo Quay',
      deliveryAddress: '1 Quay Street',
      postalCode: 'H1 1AA',
      country: 'GB',
      phoneNumber: '+441234567890',
    });
    expect(buy.status).toBe(200);
    await adminCall('DELETE', `/api/admin/products/${product._id}`);
    expect((await adminCall('DELETE', `/api/admin/products/trash/${product._id}`)).body.data.kept).toBe(true);
    expect(await h.database.db.$count(products, eq(products.id, product._id))).toBe(1);
    expect(await h.database.db.$count(orders, eq(orders.productId, product._id))).toBe(1);
    const mine = (await as(member, 'GET', '/api/orders/users/search')).body.data.data;
    expect(mine.map((o: { productId: string }) => o.productId)).toContain(product._id);
  });

  it('Undo of a bulk delete restores exactly the ids it deleted, each as it was', async () => {
    const a = await newPost('Undo one');
    const b = await newPost('Undo two', 'inactive');
    const untouched = await newPost('Undo three');
    await adminCall('DELETE', `/api/admin/posts/${untouched._id}`);
    const deleted = await adminCall('POST', '/api/admin/posts/bulk', { action: 'delete', ids: [a._id, b._id] });
    expect(deleted.body.data.done.sort()).toEqual([a._id, b._id].sort());
    const undo = await adminCall('POST', '/api/admin/posts/trash/bulk', { action: 'restore', ids: deleted.body.data.done });
    expect(undo.status).toBe(200);
    expect(undo.body.data).toMatchObject({ failed: [], notices: [] });
    expect(undo.body.data.done.sort()).toEqual([a._id, b._id].sort());
    expect((await adminCall('GET', `/api/admin/posts/${a._id}`)).body.data.state).toBe('published');
    expect((await adminCall('GET', `/api/admin/posts/${b._id}`)).body.data.state).toBe('draft');
    expect((await trashOf('posts')).data.map((p: { _id: string }) => p._id)).toEqual([untouched._id]);
    await adminCall('POST', '/api/admin/posts/trash/bulk', { action: 'purge', ids: [untouched._id] });
  });

  it('bad ids: a malformed one is a field error before anything changes; unknown or live ones are 404s or refused one by one', async () => {
    const post = await newPost('Still here');
    const kept = await newPost('In the bin');
    await adminCall('DELETE', `/api/admin/posts/${kept._id}`);
    const malformed = await adminCall('POST', '/api/admin/posts/trash/not-a-uuid/restore');
    expect([malformed.status, malformed.body.error]).toEqual([400, 'VALIDATION_ERROR']);
    expect(Object.keys(malformed.body.fields ?? {})).toContain('id');
    const badBulk = await adminCall('POST', '/api/admin/posts/trash/bulk', { action: 'restore', ids: [kept._id, 'nope'] });
    expect([badBulk.status, badBulk.body.error]).toEqual([400, 'VALIDATION_ERROR']);
    expect(Object.keys(badBulk.body.fields ?? {}).join()).toMatch(/ids/);
    const badVerb = await adminCall('POST', '/api/admin/posts/trash/bulk', { action: 'empty', ids: [kept._id] });
    expect(badVerb.status).toBe(400);
    expect((await trashOf('posts')).data.map((p: { _id: string }) => p._id)).toEqual([kept._id]);

    const unknown = '00000000-0000-4000-8000-000000000001';
    for (const [method, url] of [
      ['POST', `/api/admin/posts/trash/${unknown}/restore`],
      ['DELETE', `/api/admin/posts/trash/${unknown}`],
      ['POST', `/api/admin/posts/trash/${post._id}/restore`],
      ['DELETE', `/api/admin/posts/trash/${post._id}`],
    ] as const) {
      const res = await adminCall(method, url);
      expect([res.status, res.body.error], `${method} ${url}`).toEqual([404, 'NOT_FOUND']);
    }
    const mixed = await adminCall('POST', '/api/admin/posts/trash/bulk', { action: 'restore', ids: [unknown, kept._id] });
    expect(mixed.body.data.done).toEqual([kept._id]);
    expect(mixed.body.data.failed).toEqual([{ _id: unknown, message: 'No such post in the trash.' }]);
    expect((await adminCall('GET', `/api/admin/posts/${post._id}`)).body.data.state).toBe('published');
  });

  it('is admins only: 401 for visitors, 403 for members, on every verb of every trash (also walked with the OpenAPI document)', async () => {
    const paths = Object.keys((h.app.swagger() as { paths: Record<string, unknown> }).paths).filter((p) => p.includes('/trash'));
    expect(paths.sort()).toEqual(
      ['videos', 'galleries', 'stories', 'posts', 'products', 'banners']
        .flatMap((r) => [`/api/admin/${r}/trash`, `/api/admin/${r}/trash/bulk`, `/api/admin/${r}/trash/{id}`, `/api/admin/${r}/trash/{id}/restore`])
        .sort(),
    );
    const post = await newPost('Guarded');
    await adminCall('DELETE', `/api/admin/posts/${post._id}`);
    for (const [who, token, status] of [
      ['visitor', null, 401],
      ['member', member, 403],
    ] as const)
      for (const [method, url, body] of [
        ['GET', '/api/admin/posts/trash', undefined],
        ['POST', `/api/admin/posts/trash/${post._id}/restore`, undefined],
        ['DELETE', `/api/admin/posts/trash/${post._id}`, undefined],
        ['POST', '/api/admin/posts/trash/bulk', { action: 'purge', ids: [post._id] }],
      ] as const)
        expect((await as(token, method, url, body)).status, `${who} ${method} ${url}`).toBe(status);
    expect((await trashOf('posts')).data.map((p: { _id: string }) => p._id)).toEqual([post._id]);
    await adminCall('DELETE', `/api/admin/posts/trash/${post._id}`);
  });

  it('banners go to the trash too: restored shown as they were; deleted for good, erased', async () => {
    const banner = (await adminCall('POST', '/api/admin/banners', { title: 'Spring sale', position: 'middle', photo: await imageRef(), status: 'active' })).body
      .data;
    const promos = async () => (await pub('/api/site-promo/search?position=middle')).body.data.data.map((b: { title: string }) => b.title);
    expect(await promos()).toEqual(['Spring sale']);
    await adminCall('DELETE', `/api/admin/banners/${banner._id}`);
    expect(await promos()).toEqual([]);
    expect((await adminCall('GET', '/api/admin/banners')).body.data.total).toBe(0);
    expect((await trashOf('banners')).data[0]).toMatchObject({ _id: banner._id, title: 'Spring sale', state: 'published' });
    expect((await adminCall('POST', `/api/admin/banners/trash/${banner._id}/restore`)).body.data.item.state).toBe('published');
    expect(await promos()).toEqual(['Spring sale']);
    await adminCall('DELETE', `/api/admin/banners/${banner._id}`);
    expect((await adminCall('DELETE', `/api/admin/banners/trash/${banner._id}`)).body.data).toEqual({ _id: banner._id, kept: false });
    expect((await trashOf('banners')).total).toBe(0);
  });

  it('the purge job takes what has been in the trash longer than TRASH_DAYS (30), keeps the bought, and queues the next hour', async () => {
    const old = await newPost('Long gone');
    const recent = await newPost('Just binned');
    const story = await boughtStory('Held by a buyer');
    for (const id of [old._id, recent._id]) await adminCall('DELETE', `/api/admin/posts/${id}`);
    await adminCall('DELETE', `/api/admin/stories/${story._id}`);
    await h.database.db
      .update(posts)
      .set({ deletedAt: daysAgo(31) })
      .where(eq(posts.id, old._id));
    await h.database.db
      .update(posts)
      .set({ deletedAt: daysAgo(29) })
      .where(eq(posts.id, recent._id));
    await h.database.db
      .update(stories)
      .set({ deletedAt: daysAgo(31) })
      .where(eq(stories.id, story._id));

    expect(await h.app.jobs.trash.sweep()).toEqual({ deleted: 1, kept: 1 });
    expect(await h.database.db.$count(posts, eq(posts.id, old._id))).toBe(0);
    expect((await trashOf('posts')).data.map((p: { _id: string }) => p._id)).toEqual([recent._id]);
    expect((await trashOf('stories')).total).toBe(0);
    expect(await h.database.db.$count(entitlements, eq(entitlements.itemId, story._id))).toBe(1);
    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, old._id), eq(auditLog.action, 'purge')));
    expect(entry).toMatchObject({ actorId: null, actorName: 'trash after 30 days', resource: 'posts', after: null });
    // Nothing more to do on a second pass; the next hour's sweep waits in the queue (one, however many processes ask).
    expect(await h.app.jobs.trash.sweep()).toEqual({ deleted: 0, kept: 0 });
    await h.app.jobs.trash.queueNext();
    expect(await h.app.jobs.queue.pending(TRASH_QUEUE)).toEqual({ queued: 1, active: 0 });
  });
});
