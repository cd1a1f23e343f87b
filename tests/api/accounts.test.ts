import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { userTokens, users } from '../../src/server/db/schema.ts';
import { linksIn } from '../../src/server/modules/mail/mailer.ts';
import { MAIL_LINK_SENT } from '../../src/shared/messages.ts';
import { PASSWORD_POLICY } from '../../src/shared/contracts/accounts.ts';
import { createMember, login, PASSWORD, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call, idOf } from '../helpers/commerce.ts';
import { linkIn, useSmtp } from '../helpers/smtp.ts';

const env: Record<string, string> = { LOGIN_LIMIT_PER_IP: '1000', MAIL_LIMIT_PER_HOUR: '3' };
const sink = useSmtp(env);

describe('accounts and mail', () => {
  const h = useApi(env);
  let n = 0;
  const fresh = () => {
    n++;
    return { name: `New Member ${n}`, username: `newbie${n}`, email: `newbie${n}@mail.test`, password: 'brand-new-pass-1' };
  };
  // Each registration from an address of its own: the per-address registration limit is not what these tests are about.
  let from = 0;
  const register = async (body: object) => {
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/users/register', payload: body, remoteAddress: `10.1.${++from}.1` });
    return { status: res.statusCode, body: res.json() };
  };
  const tokenOf = (url: URL) => url.searchParams.get('token')!;

  it('registers, mails a verification link (HTML and text, site name), and the link verifies once', async () => {
    const body = fresh();
    const res = await register(body);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: expect.any(String), message: expect.stringContaining(body.email) });
    const mail = await sink.waitFor(body.email, /Confirm your e-mail/);
    expect(mail.subject).toContain('Tessera');
    expect(mail.html).toContain('Tessera');
    expect(mail.html).toContain(`<img src="${h.app.siteOrigin}/images/logo.svg"`);
    const link = linkIn(mail, '/auth/verify-email');
    expect(mail.html).toContain(`/auth/verify-email?token=${tokenOf(link)}`);

    const token = await login(h, body.username, body.password); // logging in does not wait for verification
    expect((await call(h, 'GET', '/api/users/me', { token })).body.data.verifiedEmail).toBe(false);
    const verified = await call(h, 'POST', '/api/auth/email-verification', { body: { token: tokenOf(link) } });
    expect(verified.status).toBe(200);
    expect((await call(h, 'GET', '/api/users/me', { token })).body.data.verifiedEmail).toBe(true);
    const again = await call(h, 'POST', '/api/auth/email-verification', { body: { token: tokenOf(link) } });
    expect(again).toMatchObject({ status: 400, body: { error: 'LINK_INVALID' } });
  });

  it('states the password policy, names a taken username (409), and changes nothing on bad input', async () => {
    const taken = fresh();
    await register(taken);
    const weak = await register({ ...fresh(), password: 'short' });
    expect(weak).toMatchObject({ status: 400, body: { message: expect.stringContaining(PASSWORD_POLICY) } });
    const noDigit = await register({ ...fresh(), password: 'lettersonlyhere' });
    expect(noDigit.body.message).toContain(PASSWORD_POLICY);
    const username = await register({ ...fresh(), username: taken.username });
    expect(username).toMatchObject({ status: 409, body: { error: 'USERNAME_TAKEN', message: expect.stringContaining(taken.username) } });
    const several = await register({ name: ' ', username: 'x', email: 'nope', password: '1' });
    expect(several.status).toBe(400);
    expect(several.body.message).toMatch(/Name is required.*e-mail address.*Username must.*Password must/);
    // Each sentence also by field, for the form to show beside its field.
    expect(Object.keys(several.body.fields)).toEqual(['name', 'email', 'username', 'password']);
    expect(await h.database.db.select().from(users).where(eq(users.username, 'x'))).toHaveLength(0);
    const extra = await register({ ...fresh(), roles: ['admin'] });
    expect(extra.status).toBe(400);
  });

  it('a registered e-mail gets the answer a new one gets, creates nothing, and its owner is mailed a reset link', async () => {
    const owner = fresh();
    expect((await register(owner)).status).toBe(200);
    const since = sink.messages.length;
    const newcomer = fresh();
    const answers = [await register(newcomer), await register({ ...fresh(), email: owner.email.toUpperCase() })];
    for (const a of answers) expect(Object.keys(a.body.data).sort()).toEqual(['_id', 'message']);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body.data.message).toBe(`Welcome! We sent a link to ${newcomer.email}: open it to confirm your address.`);
    expect(answers[1]!.body.data.message).toBe(`Welcome! We sent a link to ${owner.email}: open it to confirm your address.`);
    expect(await h.database.db.select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);
    const mail = await sink.waitFor(owner.email, /You already have/, { since });
    const link = linkIn(mail, '/auth/reset-password');
    expect(link.origin).toBe(h.app.siteOrigin);
    expect((await call(h, 'POST', '/api/auth/users/reset-password', { body: { token: tokenOf(link), password: 'owner-new-pass-1' } })).status).toBe(200);
  });

  it('two registrations racing for one username: one account, one 409', async () => {
    const a = fresh();
    const results = await Promise.all([register(a), register({ ...fresh(), username: a.username })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('resend and forgot answer the same for unknown, verified and unverified addresses; mail goes only to real accounts', async () => {
    const unverified = fresh();
    await register(unverified);
    const member = await createMember(h);
    const before = sink.messages.length;
    const answers = [];
    for (const email of [unverified.email, member.email, 'nobody@nowhere.test']) {
      answers.push(await call(h, 'POST', '/api/auth/email-verification/resend', { body: { email } }));
      answers.push(await call(h, 'POST', '/api/auth/users/forgot', { body: { email } }));
    }
    for (const a of answers) expect(a).toMatchObject({ status: 200, body: { data: { success: true, message: MAIL_LINK_SENT } } });
    await sink.waitFor(unverified.email, /Confirm your e-mail/, { since: before });
    await sink.waitFor(unverified.email, /Reset your/, { since: before });
    await sink.waitFor(member.email, /Reset your/, { since: before });
    await h.app.services.mailer.idle();
    const since = sink.messages.slice(before);
    expect(since.filter((m) => m.rcpt.includes(member.email) && /Confirm/.test(m.subject!))).toHaveLength(0); // already verified
    expect(since.filter((m) => m.rcpt.includes('nobody@nowhere.test'))).toHaveLength(0);
  });

  it('a newer verification link replaces the older one', async () => {
    const body = fresh();
    await register(body);
    const first = linkIn(await sink.waitFor(body.email, /Confirm/), '/auth/verify-email');
    const since = sink.messages.length;
    await call(h, 'POST', '/api/auth/email-verification/resend', { body: { email: body.email } });
    const second = linkIn(await sink.waitFor(body.email, /Confirm/, { since }), '/auth/verify-email');
    expect((await call(h, 'POST', '/api/auth/email-verification', { body: { token: tokenOf(first) } })).status).toBe(400);
    expect((await call(h, 'POST', '/api/auth/email-verification', { body: { token: tokenOf(second) } })).status).toBe(200);
  });

  it('limits guesses of verification tokens per address like reset links (429 past 30 an hour)', async () => {
    const guess = (i: number, remoteAddress: string) =>
      h.app.inject({ method: 'POST', url: '/api/auth/email-verification', payload: { token: `guess-${i}`.padEnd(43, 'x') }, remoteAddress });
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await guess(i, '203.0.113.77')).statusCode);
    expect(statuses).toEqual([...Array(30).fill(400), 429]);
    expect((await guess(99, '203.0.113.78')).statusCode).toBe(400);
  });

  it('rate limits mail per address (429 with Retry-After), whatever the address', async () => {
    const email = 'limited@nowhere.test';
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(h, 'POST', '/api/auth/users/forgot', { body: { email } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await call(h, 'POST', '/api/auth/users/forgot', { body: { email } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ statusCode: 429, error: 'RATE_LIMITED' });
    expect((await call(h, 'POST', '/api/auth/users/forgot', { body: { email: 'other@nowhere.test' } })).status).toBe(200);
  });

  it('resets a password once with the mailed link; every session ends; the old password stops working', async () => {
    const member = await createMember(h);
    const sessions = [await login(h, member.username), await login(h, member.username)];
    const since = sink.messages.length;
    await call(h, 'POST', '/api/auth/users/forgot', { body: { email: member.email } });
    const link = linkIn(await sink.waitFor(member.email, /Reset your/, { since }), '/auth/reset-password');
    const weak = await call(h, 'POST', '/api/auth/users/reset-password', { body: { token: tokenOf(link), password: 'weak' } });
    expect(weak).toMatchObject({ status: 400, body: { message: PASSWORD_POLICY } });
    const reset = await call(h, 'POST', '/api/auth/users/reset-password', { body: { token: tokenOf(link), password: 'a-new-secret-42' } });
    expect(reset.status).toBe(200);
    for (const s of sessions) expect((await call(h, 'GET', '/api/users/me', { token: s })).status).toBe(401);
    await expect(login(h, member.username)).rejects.toThrow(/422/);
    await login(h, member.username, 'a-new-secret-42');
    const reused = await call(h, 'POST', '/api/auth/users/reset-password', { body: { token: tokenOf(link), password: 'another-secret-43' } });
    expect(reused).toMatchObject({ status: 400, body: { error: 'LINK_INVALID' } });
    await sink.waitFor(member.email, /password was changed/, { since });
  });

  it('an expired reset link does nothing', async () => {
    const member = await createMember(h);
    const since = sink.messages.length;
    await call(h, 'POST', '/api/auth/users/forgot', { body: { email: member.email } });
    const link = linkIn(await sink.waitFor(member.email, /Reset your/, { since }), '/auth/reset-password');
    await h.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, member.id));
    expect((await call(h, 'POST', '/api/auth/users/reset-password', { body: { token: tokenOf(link), password: 'a-new-secret-42' } })).status).toBe(400);
    await login(h, member.username); // the old password still works
  });

  it('changing the password needs the current one, keeps this session and ends the others', async () => {
    const member = await createMember(h);
    const [mine, other] = [await login(h, member.username), await login(h, member.username)];
    const wrong = await call(h, 'PUT', '/api/auth/users/me/password', {
      token: mine,
      body: { password: 'changed-pass-77', currentPassword: 'not-it-123', source: 'user' },
    });
    expect(wrong).toMatchObject({ status: 422, body: { error: 'WRONG_PASSWORD' } });
    expect(wrong.body.message).toBe('Your current password is not correct.');
    const missing = await call(h, 'PUT', '/api/auth/users/me/password', { token: mine, body: { password: 'changed-pass-77', source: 'user' } });
    expect(missing).toMatchObject({
      status: 400,
      body: { error: 'VALIDATION_ERROR', message: 'Current password: fill this in.', fields: { currentPassword: 'Current password: fill this in.' } },
    });
    const weak = await call(h, 'PUT', '/api/auth/users/me/password', { token: mine, body: { password: 'short', currentPassword: PASSWORD, source: 'user' } });
    expect(weak).toMatchObject({ status: 400, body: { message: PASSWORD_POLICY } });
    // Nothing changed: the other session still lives.
    expect((await call(h, 'GET', '/api/users/me', { token: other })).status).toBe(200);
    const changed = await call(h, 'PUT', '/api/auth/users/me/password', {
      token: mine,
      body: { password: 'changed-pass-77', currentPassword: PASSWORD, source: 'user' },
    });
    expect(changed).toMatchObject({ status: 200, body: { data: { success: true, message: expect.stringContaining('1 other session') } } });
    expect((await call(h, 'GET', '/api/users/me', { token: mine })).status).toBe(200);
    expect((await call(h, 'GET', '/api/users/me', { token: other })).status).toBe(401);
    await login(h, member.username, 'changed-pass-77');
    expect((await call(h, 'PUT', '/api/auth/users/me/password', { body: { password: 'changed-pass-78', currentPassword: 'changed-pass-77' } })).status).toBe(
      401,
    );
  });

  it('with requireEmailVerification on, an unverified member cannot buy until verified', async () => {
    await seedCatalogue(h);
    const settings = h.app.services.settings;
    await settings.set('requireEmailVerification', true);
    try {
      const member = await createMember(h, { verifiedEmail: false, tokens: 500 });
      const token = await login(h, member.username);
      const video = await idOf(h, 'video', 'glass-blowing-masterclass');
      const refused = await call(h, 'POST', `/api/token-transactions/video/${video}`, { token });
      expect(refused).toMatchObject({ status: 403, body: { error: 'EMAIL_NOT_VERIFIED' } });
      expect((await call(h, 'GET', '/api/users/me', { token })).body.data.balance).toBe(500);
      await h.database.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, member.id));
      expect((await call(h, 'POST', `/api/token-transactions/video/${video}`, { token })).status).toBe(200);
    } finally {
      await settings.set('requireEmailVerification', false);
    }
  });
});

describe('mail without SMTP_URL', () => {
  const h = useApi({});
  it('writes each message as an .eml file in the data folder and logs its links', async () => {
    const dir = h.config.mail.dir;
    const before = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    const res = await call(h, 'POST', '/api/auth/users/register', {
      body: { name: 'Eml Reader', username: 'emlreader', email: 'eml@mail.test', password: 'eml-pass-2026' },
    });
    expect(res.status).toBe(200);
    await h.app.services.mailer.idle();
    const added = fs.readdirSync(dir).filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/\.eml$/);
    const parsed = await PostalMime.parse(fs.readFileSync(path.join(dir, added[0]!)));
    expect(parsed.to?.[0]?.address).toBe('eml@mail.test');
    expect(linkIn(parsed, '/auth/verify-email').searchParams.get('token')).toHaveLength(43);
    // The links the log shows are whole, without the signature's closing bracket.
    const links = linksIn(parsed.text!);
    expect(links).toContain(`${new URL(linkIn(parsed, '/auth/verify-email').href).origin}`);
    expect(links.filter((link) => !URL.canParse(link) || /[)\].,]$/.test(link))).toEqual([]);
  });
});
