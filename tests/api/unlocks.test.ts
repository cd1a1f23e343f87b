import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenLedger } from '../../src/server/db/schema.ts';
import { INSUFFICIENT_BALANCE } from '../../src/shared/messages.ts';
import { createMember, expectEvery, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { balanceOf, call, ledgerProblems } from '../helpers/commerce.ts';

describe('unlocking videos, galleries and stories with tokens', () => {
  const h = useApi();
  beforeAll(async () => {
    await seedCatalogue(h);
  });
  // Each test has members of its own: any one of them runs alone, in any order.
  const member = async (tokens = 500) => login(h, (await createMember(h, { tokens })).username);
  const unlock = (token: string, path: string) => call(h, 'POST', `/api/token-transactions/${path}`, { token });

  it('debits the price once, writes the ledger and the transaction, and opens the video', async () => {
    const [rich, other] = [await member(), await member()];
    const before = await call(h, 'GET', '/api/assets/videos/glass-blowing-masterclass?countView=false', { token: rich });
    expect(before.body.data.isLocked).toBe(true);
    expect(before.body.data.video.url).toBeNull();
    const res = await call(h, 'POST', '/api/token-transactions/video/glass-blowing-masterclass', { token: rich });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'video', totalPrice: 60, status: 'success', balance: 440, targetInfo: { slug: 'glass-blowing-masterclass' } });
    expect(await balanceOf(h, rich)).toBe(440);
    const after = await call(h, 'GET', '/api/assets/videos/glass-blowing-masterclass?countView=false', { token: rich });
    expect(after.body.data).toMatchObject({ isLocked: false, isBought: true });
    expect(after.body.data.video.url).toMatch(/^\/media\//);
    // Another member still sees it locked.
    expect((await call(h, 'GET', '/api/assets/videos/glass-blowing-masterclass?countView=false', { token: other })).body.data.isLocked).toBe(true);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('refuses a second purchase of the same item with 409 and debits nothing', async () => {
    const rich = await member();
    expect((await unlock(rich, 'video/glass-blowing-masterclass')).status).toBe(200);
    const res = await call(h, 'POST', '/api/token-transactions/video/glass-blowing-masterclass', { token: rich });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, error: 'ALREADY_BOUGHT' });
    expect(await balanceOf(h, rich)).toBe(440);
  });

  it('refuses a free item with 400, an unknown one with 404, anonymous with 401', async () => {
    const rich = await member(440);
    expect((await call(h, 'POST', '/api/token-transactions/video/desert-colour-drift', { token: rich })).body).toMatchObject({
      statusCode: 400,
      error: 'FREE_ITEM',
    });
    expect((await call(h, 'POST', '/api/token-transactions/gallery/no-such-gallery', { token: rich })).status).toBe(404);
    expect((await call(h, 'POST', '/api/token-transactions/stories/notes-from-a-night-shoot')).status).toBe(401);
    expect(await balanceOf(h, rich)).toBe(440);
  });

  it("answers 422 with the spec's message when the balance is too low, and changes nothing", async () => {
    const poor = await member(10);
    const res = await call(h, 'POST', '/api/token-transactions/gallery/city-after-dark', { token: poor });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ statusCode: 422, error: 'INSUFFICIENT_BALANCE', message: INSUFFICIENT_BALANCE });
    expect(await balanceOf(h, poor)).toBe(10);
    const mine = await call(h, 'GET', '/api/assets/my-purchase?type=gallery', { token: poor });
    expect(mine.body.data.total).toBe(0);
  });

  it('an unlock may spend the balance to exactly 0; one token short is refused with 422 and changes nothing', async () => {
    const exact = await member(60);
    const spent = await unlock(exact, 'video/glass-blowing-masterclass');
    expect(spent.status).toBe(200);
    expect(spent.body.data).toMatchObject({ totalPrice: 60, balance: 0 });
    expect(await balanceOf(h, exact)).toBe(0);
    expect((await call(h, 'GET', '/api/assets/videos/glass-blowing-masterclass?countView=false', { token: exact })).body.data.isLocked).toBe(false);

    const short = await member(59);
    const refused = await unlock(short, 'video/glass-blowing-masterclass');
    expect(refused.body).toEqual({ statusCode: 422, error: 'INSUFFICIENT_BALANCE', message: INSUFFICIENT_BALANCE });
    expect(await balanceOf(h, short)).toBe(59);
    expect((await call(h, 'GET', '/api/assets/videos/glass-blowing-masterclass?countView=false', { token: short })).body.data.isLocked).toBe(true);
    expect((await call(h, 'GET', '/api/assets/my-purchase?type=video', { token: short })).body.data.total).toBe(0);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('unlocks a gallery (full photos) and a story (its text), and lists them under my-purchase', async () => {
    const rich = await member();
    expect((await unlock(rich, 'video/glass-blowing-masterclass')).status).toBe(200);
    expect((await call(h, 'POST', '/api/token-transactions/gallery/city-after-dark', { token: rich })).status).toBe(200);
    const photos = await call(h, 'GET', '/api/assets/galleries/city-after-dark/photos?limit=50', { token: rich });
    expectEvery(photos.body.data.data, (p: { photo: { url: string; locked?: boolean } }) => !p.photo.locked);
    expect((await call(h, 'POST', '/api/token-transactions/stories/notes-from-a-night-shoot', { token: rich })).status).toBe(200);
    const story = await call(h, 'GET', '/api/stories/notes-from-a-night-shoot/view?countView=false', { token: rich });
    expect(story.body.data.content.length).toBeGreaterThan(100);
    const galleries = await call(h, 'GET', '/api/assets/my-purchase?type=gallery', { token: rich });
    expect(galleries.body.data).toMatchObject({ total: 1, data: [{ slug: 'city-after-dark', isBought: true }] });
    const videos = await call(h, 'GET', '/api/assets/my-purchase?type=video', { token: rich });
    expect(videos.body.data.data.map((v: { slug: string }) => v.slug)).toEqual(['glass-blowing-masterclass']);
    expect((await call(h, 'GET', '/api/assets/my-purchase?type=song', { token: rich })).status).toBe(400);
  });

  it("tells which of a page's cards the member has unlocked (my-purchase with ids)", async () => {
    const rich = await member();
    expect((await unlock(rich, 'video/glass-blowing-masterclass')).status).toBe(200);
    const videos = (await call(h, 'GET', '/api/assets/videos/search?limit=50')).body.data.data as { _id: string; slug: string; isSale: boolean }[];
    const [bought, other] = [
      videos.find((v) => v.slug === 'glass-blowing-masterclass')!,
      videos.find((v) => v.isSale && v.slug !== 'glass-blowing-masterclass')!,
    ];
    const mine = await call(h, 'GET', `/api/assets/my-purchase?type=video&ids=${bought._id}&ids=${other._id}`, { token: rich });
    expect(mine.body.data).toMatchObject({ total: 1, data: [{ _id: bought._id, isLocked: false, isBought: true }] });
    // One id alone, and an id that is not one.
    expect((await call(h, 'GET', `/api/assets/my-purchase?type=video&ids=${other._id}`, { token: rich })).body.data).toEqual({ data: [], total: 0 });
    expect((await call(h, 'GET', '/api/assets/my-purchase?type=video&ids=glass-blowing-masterclass', { token: rich })).status).toBe(400);
    expect((await call(h, 'GET', `/api/assets/my-purchase?type=video&ids=${bought._id}`)).status).toBe(401);
  });

  it('lists the token history newest first, filtered by type and date', async () => {
    const [rich, other] = [await member(), await member()];
    for (const path of ['video/glass-blowing-masterclass', 'gallery/city-after-dark', 'stories/notes-from-a-night-shoot'])
      expect((await unlock(rich, path)).status).toBe(200);
    const all = await call(h, 'GET', '/api/token-transactions/user/search', { token: rich });
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.data.map((t: { type: string }) => t.type)).toEqual(['story', 'gallery', 'video']);
    const videos = await call(h, 'GET', '/api/token-transactions/user/search?type=video', { token: rich });
    expect(videos.body.data.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(h, 'GET', `/api/token-transactions/user/search?fromDate=${today}&toDate=${today}`, { token: rich })).body.data.total).toBe(3);
    expect((await call(h, 'GET', '/api/token-transactions/user/search?toDate=2020-01-01', { token: rich })).body.data.total).toBe(0);
    expect((await call(h, 'GET', '/api/token-transactions/user/search?fromDate=yesterday', { token: rich })).status).toBe(400);
    // Someone else's history is their own.
    expect((await call(h, 'GET', '/api/token-transactions/user/search', { token: other })).body.data.total).toBe(0);
  });

  it('returns the first result for a retried Idempotency-Key and spends once', async () => {
    const other = await member();
    const headers = { 'idempotency-key': 'unlock-fjord-1' };
    const first = await call(h, 'POST', '/api/token-transactions/video/northern-lights-over-the-fjord', { token: other, headers });
    expect(first.status).toBe(200);
    const again = await call(h, 'POST', '/api/token-transactions/video/northern-lights-over-the-fjord', { token: other, headers });
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(first.body.data._id);
    expect(await balanceOf(h, other)).toBe(500 - 40);
    // The same key for another request is refused.
    const reused = await call(h, 'POST', '/api/token-transactions/gallery/city-after-dark', { token: other, headers });
    expect(reused.body).toMatchObject({ statusCode: 422, error: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balanceOf(h, other)).toBe(460);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('keeps every ledger entry with its reason and resulting balance', async () => {
    const buyer = await createMember(h, { tokens: 500 });
    const token = await login(h, buyer.username);
    for (const path of ['video/glass-blowing-masterclass', 'gallery/city-after-dark']) expect((await unlock(token, path)).status).toBe(200);
    const rows = await h.database.db.select().from(tokenLedger).where(eq(tokenLedger.userId, buyer.id));
    const debits = rows.filter((r) => r.delta < 0).sort((a, b) => b.balanceAfter - a.balanceAfter);
    expect(debits.map((r) => [r.reason, r.delta, r.balanceAfter])).toEqual([
      ['unlock video glass-blowing-masterclass', -60, 440],
      ['unlock gallery city-after-dark', -30, 410],
    ]);
    expectEvery(debits, (r) => r.refType === 'token_transaction');
  });
});
