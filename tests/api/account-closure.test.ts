import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, CLOSING_ACCOUNTS, comments, dataExports, orders, paymentTransactions, sessions, tokenLedger, users } from '../../src/server/db/schema.ts';
import { CLOSURE_CANCELLED } from '../../src/shared/contracts/account-closure.ts';
import { FORFEIT_REASON } from '../../src/server/modules/account-closure/account-closure.repository.ts';
import { applyTokenDelta } from '../../src/server/modules/ledger/ledger.repository.ts';
import { createMember, login, PASSWORD, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { buyShippedMug, call, firstPackage, idOf, ledgerProblems } from '../helpers/commerce.ts';
import { useSmtp } from '../helpers/smtp.ts';
import { app, STEP, withTwoFactor } from '../helpers/two-factor.ts';

const DAY = 24 * 3600_000;
const PICTURE = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 a picture of theirs');

/** Issue 36, part 6: closing an account, the grace days, the erasure, and what accounting keeps. */
describe('closing an account', () => {
  const env: Record<string, string> = { LOGIN_LIMIT_PER_IP: '1000' };
  const sink = useSmtp(env);
  const h = useApi(env);
  let admin = '';
  let adminId = '';
  const member = async (input: Parameters<typeof createMember>[1] = {}) => {
    const m = await createMember(h, input);
    return { ...m, token: await login(h, m.username) };
  };
  const rowOf = async (id: string) => (await h.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const terms = (token: string) => call(h, 'GET', '/api/auth/users/me/closure', { token });
  const close = (token: string, body: object) => call(h, 'POST', '/api/auth/users/me/closure', { token, body });
  const loginAnswer = (username: string) => h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: PASSWORD } });
  const me = (token: string) => call(h, 'GET', '/api/users/me', { token });
  const later = (days: number) => new Date(Date.now() + days * DAY);

  beforeAll(async () => {
    await seedCatalogue(h);
    const a = await createMember(h, { role: 'admin', username: 'closure_admin' });
    adminId = a.id;
    admin = await login(h, a.username);
  });

  it('asks the password, logs the member out everywhere and mails the day; logging in before it takes the closure back', async () => {
    const ada = await member({ tokens: 40, name: 'Ada Leaving', email: 'ada@leaving.test' });
    const phone = await login(h, ada.username);
    expect((await terms(ada.token)).body.data).toEqual({ balance: 40, refundsOffered: false, days: 14, codeNeeded: false });

    const wrong = await close(ada.token, { password: 'not-my-password-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ password: expect.stringMatching(/password is not correct/) });
    expect((await close(ada.token, {})).status).toBe(400);
    expect((await rowOf(ada.id)).closingAt).toBe(null);
    expect((await me(phone)).status).toBe(200);

    const closed = await close(ada.token, { password: PASSWORD });
    expect(closed.status).toBe(200);
    const closingAt = new Date(closed.body.data.closingAt);
    expect(Math.abs(closingAt.getTime() - later(14).getTime())).toBeLessThan(60_000);
    expect(closed.body.data.message).toMatch(/^Your account will be erased on \d+ \w+ \d{4}\. Changed your mind\? Log in before then/);
    expect((await rowOf(ada.id)).closingAt).toEqual(closingAt);
    expect((await me(ada.token)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    const mail = await sink.waitFor('ada@leaving.test', /will be closed on/);
    expect(mail.text).toContain('Your 40 unused tokens will be lost.');
    expect(mail.text).toContain('/auth/login');

    const back = await loginAnswer(ada.username);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.notice).toBe(CLOSURE_CANCELLED);
    expect((await rowOf(ada.id)).closingAt).toBe(null);
    const again = await loginAnswer(ada.username);
    expect(again.json().data.notice).toBeUndefined();
    // Kept: nothing to erase on the day.
    expect(await h.app.services.accountClosure.sweep(later(15))).toBe(0);
    expect((await rowOf(ada.id)).status).toBe('active');
  });

  it('with a second factor on, a code is needed too; a wrong one refuses at its field', async () => {
    const { member: bo, token, secret } = await withTwoFactor(h, { email: 'bo@leaving.test' });
    expect((await terms(token)).body.data.codeNeeded).toBe(true);
    const noCode = await close(token, { password: PASSWORD });
    expect(noCode.status).toBe(400);
    expect(noCode.body.fields).toEqual({ code: expect.stringMatching(/authenticator app/) });
    const wrongCode = await close(token, { password: PASSWORD, code: app(secret).generate() === '000000' ? '111111' : '000000' });
    expect(wrongCode.body.fields).toEqual({ code: expect.any(String) });
    expect((await rowOf(bo.id)).closingAt).toBe(null);
    expect((await close(token, { password: PASSWORD, code: app(secret).generate() })).status).toBe(200);
    expect((await rowOf(bo.id)).closingAt).not.toBe(null);
    // A login through its code step takes the closure back too.
    const ticket = (await loginAnswer(bo.username)).json().data.ticket;
    const code = app(secret).generate({ timestamp: Date.now() + STEP });
    const back = await h.app.inject({ method: 'POST', url: '/api/auth/login/second-factor', payload: { ticket, code } });
    expect(back.json().data.notice).toBe(CLOSURE_CANCELLED);
    expect((await rowOf(bo.id)).closingAt).toBe(null);
  });

  it('on its day the account is erased: profile, pictures, ways in, addresses and exports go; payments, orders and the ledger stay and reconcile', async () => {
    await h.app.services.settings.set('closureRefunds', true);
    const cy = await member({ tokens: 500, name: 'Cy Erased', email: 'cy@leaving.test', username: 'cy_erased' });
    const db = h.database.db;
    const storage = h.app.media.storage;
    await storage.put('public/avatars/cy.webp', PICTURE, 'image/webp');
    await storage.put('exports/cy.zip', PICTURE, 'application/zip');
    await db.update(users).set({ avatar: '/media/public/avatars/cy.webp', bio: 'Cy’s own words', phone: '+47 555' }).where(eq(users.id, cy.id));
    const video = await idOf(h, 'video', 'desert-colour-drift');
    await db.insert(comments).values({ objectType: 'video', objectId: video, userId: cy.id, content: 'Kept, without my name' });
    const bought = await buyShippedMug(h, cy.token, 'Cy Erased');
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const pkg = await firstPackage(h);
    await db.transaction(async (tx) => {
      const [paid] = await tx
        .insert(paymentTransactions)
        .values({ userId: cy.id, packageId: pkg.id, gateway: 'test', amountMinor: 999, currency: 'EUR', tokens: 100, status: 'success' })
        .returning();
      await applyTokenDelta(tx, cy.id, 100, { reason: 'token package purchase', refType: 'payment', refId: paid!.id });
    });
    await db.insert(dataExports).values({ userId: cy.id, state: 'ready', storageKey: 'exports/cy.zip' });
    const balance = (await rowOf(cy.id)).balance;
    expect(balance).toBeGreaterThan(0);

    expect((await terms(cy.token)).body.data).toMatchObject({ balance, refundsOffered: true });
    expect((await close(cy.token, { password: PASSWORD, refund: true })).status).toBe(200);
    expect((await rowOf(cy.id)).closureRefundTokens).toBe(balance);
    const mail = await sink.waitFor('cy@leaving.test', /will be closed on/);
    expect(mail.text).toContain(`You asked for a refund of your ${balance} unused tokens`);
    // Not yet: the grace days run.
    expect(await h.app.services.accountClosure.sweep(later(13))).toBe(0);
    expect(await h.app.services.accountClosure.sweep(later(15))).toBe(1);

    const row = await rowOf(cy.id);
    expect(row).toMatchObject({
      status: 'closed',
      name: 'Deleted member',
      username: `closed-${cy.id}`,
      email: `closed-${cy.id}@closed.invalid`,
      passwordHash: '',
      avatar: null,
      bio: '',
      phone: null,
      balance: 0,
      closureRefundTokens: balance,
    });
    expect(await storage.stat('public/avatars/cy.webp')).toBeNull();
    expect(await storage.stat('exports/cy.zip')).toBeNull();
    expect(await db.select().from(dataExports).where(eq(dataExports.userId, cy.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, cy.id))).toEqual([]);
    expect((await loginAnswer('cy_erased')).statusCode).toBe(422);
    expect((await call(h, 'GET', `/api/users/view/${cy.id}`)).status).toBe(404);

    // What accounting keeps: the order without its delivery details, the payment, and a ledger that adds up.
    const [order] = await db.select().from(orders).where(eq(orders.buyerId, cy.id));
    expect(order).toMatchObject({ recipientName: '', deliveryAddress: '', postalCode: '', phoneNumber: '', country: 'NO', totalPrice: expect.any(Number) });
    expect(await db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, cy.id))).toHaveLength(1);
    const [last] = await db.select().from(tokenLedger).where(eq(tokenLedger.userId, cy.id)).orderBy(desc(tokenLedger.createdAt)).limit(1);
    expect(last).toMatchObject({ delta: -balance, balanceAfter: 0, reason: FORFEIT_REASON });
    expect(await ledgerProblems(h)).toEqual([]);

    // The comment stays, signed by nobody the page links to ("Deleted member").
    const thread = await call(h, 'GET', `/api/comments/search?objectType=video&objectId=${video}`);
    const kept = (thread.body.data.data as { content: string; creator: object | null }[]).find((c) => c.content === 'Kept, without my name');
    expect(kept).toMatchObject({ creator: null });
    expect(await h.app.services.accountClosure.sweep(later(30))).toBe(0);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, cy.id));
    expect(entry).toMatchObject({ action: 'erase', actorName: 'closure after 14 days', actorId: null, after: { status: 'closed', forfeitedTokens: balance } });
    await h.app.services.settings.set('closureRefunds', false);
  });

  it('with the operator’s setting "removed", the comments go with their replies and the item’s count drops', async () => {
    await h.app.services.settings.set('closedAccountComments', 'remove');
    try {
      const dee = await member();
      const other = await member();
      const gallery = await idOf(h, 'gallery', 'alpine-ridges');
      const post = (token: string, objectType: string, objectId: string, content: string) =>
        call(h, 'POST', '/api/comments', { token, body: { objectType, objectId, content } });
      const own = await post(dee.token, 'gallery', gallery, 'Mine, to go');
      await post(other.token, 'comment', own.body.data._id, 'A reply that goes with it');
      await post(other.token, 'gallery', gallery, 'Someone else’s, to stay');
      const countOf = async () => (await call(h, 'GET', `/api/comments/search?objectType=gallery&objectId=${gallery}`)).body.data.total as number;
      const before = await countOf();
      expect((await close(dee.token, { password: PASSWORD })).status).toBe(200);
      expect(await h.app.services.accountClosure.sweep(later(15))).toBe(1);
      expect(await countOf()).toBe(before - 1);
      const left = await h.database.db.select({ content: comments.content }).from(comments).where(eq(comments.objectId, gallery));
      expect(left.map((c) => c.content)).toEqual(['Someone else’s, to stay']);
    } finally {
      await h.app.services.settings.set('closedAccountComments', 'keep');
    }
  });

  it('the back office lists closing accounts and erases one on request; an admin is not erased; the last admin cannot close', async () => {
    const eve = await member({ tokens: 5, username: 'eve_closing' });
    // An operator's change on her record: the audit log holds the record, address included.
    expect((await call(h, 'POST', `/api/admin/members/${eve.id}/adjust-tokens`, { token: admin, body: { amount: 1, reason: 'A gift' } })).status).toBe(200);
    expect((await close(eve.token, { password: PASSWORD })).status).toBe(200);
    const list = await call(h, 'GET', '/api/admin/members?status=closing', { token: admin });
    expect((list.body.data.data as { _id: string; status: string }[]).map((m) => [m._id, m.status])).toEqual([[eve.id, 'closing']]);
    expect(((await call(h, 'GET', '/api/admin/members?status=active&q=eve_closing', { token: admin })).body.data.data as unknown[]).length).toBe(0);

    const erased = await call(h, 'POST', `/api/admin/members/${eve.id}/erase-now`, { token: admin, body: {} });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.data).toMatchObject({ status: 'closed', name: 'Deleted member', balance: 0 });
    expect((await call(h, 'POST', `/api/admin/members/${eve.id}/erase-now`, { token: admin, body: {} })).status).toBe(404);
    // The log keeps who did what and when about her, not who she was.
    const entries = await h.database.db.select().from(auditLog).where(eq(auditLog.targetId, eve.id)).orderBy(auditLog.createdAt);
    expect(entries.map((e) => [e.action, e.actorName])).toEqual([
      ['adjust-tokens', 'closure_admin'],
      ['erase-now', 'closure_admin'],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(new RegExp(`eve_closing|${eve.email}`));
    expect(await ledgerProblems(h)).toEqual([]);

    const other = await createMember(h, { role: 'admin' });
    expect((await call(h, 'POST', `/api/admin/members/${other.id}/erase-now`, { token: admin, body: {} })).status).toBe(403);
    expect((await rowOf(other.id)).status).toBe('active');
    // Two admins (the others this file's seed made are members here) closing at the same moment: one may leave, the
    // other is then the last and may not.
    await h.database.db
      .update(users)
      .set({ roles: ['member'] })
      .where(and(sql`'admin' = any(roles)`, notInArray(users.id, [adminId, other.id])));
    const otherToken = await login(h, other.username);
    const both = await Promise.all([close(otherToken, { password: PASSWORD }), close(admin, { password: PASSWORD })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(both.find((r) => r.status === 403)!.body.error).toBe('LAST_ADMIN');
    const closing = await h.database.db.select({ id: users.id }).from(users).where(sql.raw(CLOSING_ACCOUNTS));
    expect(closing.filter((u) => [adminId, other.id].includes(u.id))).toHaveLength(1);
  });
});
