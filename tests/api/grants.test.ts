import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entitlements, stories, tokenLedger } from '../../src/server/db/schema.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { balanceOf, call, idOf, ledgerProblems } from '../helpers/commerce.ts';

const PRICED = 'glass-blowing-masterclass';
const FREE = 'desert-colour-drift';

/** Grants of free access (issue 35, part 4): given and revoked from both ends, honoured by the one access rule. */
describe('grants of free access', () => {
  const h = useApi();
  let admin: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    admin = await login(h, (await createMember(h, { role: 'admin' })).username);
  });

  const video = (token: string) => call(h, 'GET', `/api/assets/videos/${PRICED}`, { token }).then((r) => r.body.data);
  const give = (memberId: string, body: Record<string, unknown>) => call(h, 'POST', `/api/admin/members/${memberId}/give-access`, { token: admin, body });
  const revoke = (memberId: string, body: Record<string, unknown>) => call(h, 'POST', `/api/admin/members/${memberId}/revoke-access`, { token: admin, body });

  it("from a member's record: the item opens for them (stream, purchases as a gift), the balance and ledger never move", async () => {
    const member = await createMember(h, { tokens: 7 });
    const token = await login(h, member.username);
    expect(await video(token)).toMatchObject({ isLocked: true, isBought: false });
    const ledgerBefore = await h.database.db.$count(tokenLedger, eq(tokenLedger.userId, member.id));

    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const res = await give(member.id, { kind: 'video', item: PRICED, until, reason: 'Sorry for the outage' });
    expect(res.status).toBe(200);
    expect(res.body.data.grants).toEqual([expect.objectContaining({ kind: 'video', slug: PRICED, until, reason: 'Sorry for the outage', running: true })]);

    const opened = await video(token);
    expect(opened).toMatchObject({ isLocked: false, isBought: true });
    expect(opened.video.url).toMatch(/\.webm\?/);
    const purchases = await call(h, 'GET', '/api/assets/my-purchase?type=video', { token });
    expect(purchases.body.data.data).toEqual([expect.objectContaining({ slug: PRICED, gift: { until } })]);
    expect(await balanceOf(h, token)).toBe(7);
    expect(await h.database.db.$count(tokenLedger, eq(tokenLedger.userId, member.id))).toBe(ledgerBefore);
    expect(await ledgerProblems(h)).toEqual([]);

    // One audit entry, in words, written with the grant.
    const entries = await h.database.db.select().from(auditLog).where(eq(auditLog.targetId, res.body.data.grants[0]._id));
    expect(entries).toEqual([
      expect.objectContaining({
        resource: 'grants',
        action: 'create',
        after: { member: member.username, item: 'video "Glass Blowing Masterclass"', until, reason: 'Sorry for the outage' },
      }),
    ]);
    expect(await h.database.db.$count(auditLog, and(eq(auditLog.resource, 'members'), eq(auditLog.targetId, member.id)))).toBe(0);

    const gone = await revoke(member.id, { kind: 'video', item: PRICED });
    expect(gone.status).toBe(200);
    expect(gone.body.data.grants).toEqual([]);
    expect(await video(token)).toMatchObject({ isLocked: true, isBought: false });
    expect((await call(h, 'GET', '/api/assets/my-purchase?type=video', { token })).body.data.data).toEqual([]);
  });

  it("from an item's page, by username or e-mail; an ended grant no longer opens it, and buying then replaces it", async () => {
    const member = await createMember(h, { tokens: 100 });
    const token = await login(h, member.username);
    const storyId = (await h.database.db.select({ id: stories.id }).from(stories).where(eq(stories.isSale, true)).limit(1))[0]!.id;
    const given = await call(h, 'POST', `/api/admin/stories/${storyId}/give-access`, {
      token: admin,
      body: { member: member.email.toUpperCase(), reason: 'Review copy' },
    });
    expect(given.status).toBe(200);
    expect((await call(h, 'GET', `/api/stories/${storyId}/view`, { token })).body.data).toMatchObject({ isLocked: false });

    const videoId = await idOf(h, 'video', PRICED);
    expect(
      (await call(h, 'POST', `/api/admin/videos/${videoId}/give-access`, { token: admin, body: { member: member.username, reason: 'Gift' } })).status,
    ).toBe(200);
    // The grant ends (as time passes): the item is locked again, and out of the purchases.
    await h.database.db
      .update(entitlements)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(entitlements.userId, member.id), eq(entitlements.itemId, videoId)));
    expect(await video(token)).toMatchObject({ isLocked: true, isBought: false });
    expect((await call(h, 'GET', '/api/assets/my-purchase?type=video', { token })).body.data.data).toEqual([]);
    // Buying it now is a purchase like any other: charged once, held for good.
    const bought = await call(h, 'POST', `/api/token-transactions/video/${PRICED}`, { token });
    expect(bought.status).toBe(200);
    expect(await balanceOf(h, token)).toBe(40);
    const [held] = await h.database.db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.userId, member.id), eq(entitlements.itemId, videoId)));
    expect(held).toMatchObject({ source: 'purchase', expiresAt: null, reason: null });
    expect(await video(token)).toMatchObject({ isLocked: false, isBought: true });
    // A purchase is never granted over nor revoked.
    expect((await give(member.id, { kind: 'video', item: PRICED, reason: 'again' })).status).toBe(409);
    expect((await revoke(member.id, { kind: 'video', item: PRICED })).body).toMatchObject({ error: 'VALIDATION_ERROR', fields: { item: expect.any(String) } });
    expect(await video(token)).toMatchObject({ isBought: true });
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('refuses bad grants with the field that is wrong, and changes nothing', async () => {
    const member = await createMember(h);
    const count = () => h.database.db.$count(entitlements, eq(entitlements.userId, member.id));
    const videoId = await idOf(h, 'video', PRICED);
    const cases: [string, Record<string, unknown>, string][] = [
      ['members', { kind: 'video', item: 'no-such-video', reason: 'x' }, 'item'],
      ['members', { kind: 'video', item: FREE, reason: 'x' }, 'item'],
      ['members', { kind: 'video', item: PRICED, until: new Date(Date.now() - 60_000).toISOString(), reason: 'x' }, 'until'],
      ['members', { kind: 'video', item: PRICED, reason: '   ' }, 'reason'],
      ['videos', { member: 'nobody-here', reason: 'x' }, 'member'],
    ];
    for (const [resource, body, field] of cases) {
      const url = resource === 'members' ? `/api/admin/members/${member.id}/give-access` : `/api/admin/videos/${videoId}/give-access`;
      const res = await call(h, 'POST', url, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    for (const body of [
      { kind: 'photo', item: PRICED, reason: 'x' },
      { kind: 'video', item: PRICED },
      { kind: 'video', item: PRICED, reason: 'x', until: 'soon' },
    ]) {
      expect((await give(member.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await count()).toBe(0);
    // Members cannot grant themselves anything.
    const own = await login(h, member.username);
    const res = await call(h, 'POST', `/api/admin/members/${member.id}/give-access`, { token: own, body: { kind: 'video', item: PRICED, reason: 'mine' } });
    expect(res.status).toBe(403);
    expect(await count()).toBe(0);
  });
});
