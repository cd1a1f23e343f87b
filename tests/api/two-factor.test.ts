import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, sessions, twoFactor } from '../../src/server/db/schema.ts';
import { SecretBox } from '../../src/server/lib/auth/totp-key.ts';
import { createMember, login, PASSWORD, useApi } from '../helpers/api.ts';
import { app, client, STEP, withTwoFactor } from '../helpers/two-factor.ts';

describe('the second factor (TOTP and recovery codes)', () => {
  const h = useApi({ LOGIN_LIMIT_PER_ACCOUNT: '4' });
  const call = client(h);
  const password = (username: string) => call('POST', '/api/auth/login', null, { username, password: PASSWORD });

  it('turns on with a QR code, the secret as text and a first code; a wrong first code is a field error and changes nothing', async () => {
    const member = await createMember(h);
    const token = await login(h, member.username);
    expect((await call('GET', '/api/auth/two-factor', token)).json().data).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const setup = await call('POST', '/api/auth/two-factor/setup', token);
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrSvg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain(encodeURIComponent(member.username));
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const wrong = await call('POST', '/api/auth/two-factor/enable', token, { code: '000000' === app(secret).generate() ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'VALIDATION_ERROR', fields: { code: expect.stringMatching(/not right/) } });
    expect((await call('GET', '/api/auth/two-factor', token)).json().data.enabled).toBe(false);
    expect((await password(member.username)).json().data).toHaveProperty('token');

    const on = await call('POST', '/api/auth/two-factor/enable', token, { code: app(secret).generate() });
    expect(on.statusCode).toBe(200);
    const codes: string[] = on.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await call('GET', '/api/auth/two-factor', token)).json().data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // A second setup while it is on is refused: the app in use keeps working.
    expect((await call('POST', '/api/auth/two-factor/setup', token)).statusCode).toBe(409);
  });

  it('then asks a login for a code: no session after the password, one after the code; the same code again is refused', async () => {
    const { member, secret } = await withTwoFactor(h);
    const before = await h.database.db.select().from(sessions).where(eq(sessions.userId, member.id));
    const step1 = await password(member.username);
    expect(step1.statusCode).toBe(200);
    const { ticket, secondFactor } = step1.json().data;
    expect(secondFactor).toBe('totp');
    expect(step1.json().data).not.toHaveProperty('token');
    expect(await h.database.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(before.length);

    const code = app(secret).generate();
    const step2 = await call('POST', '/api/auth/login/second-factor', null, { ticket, code });
    expect(step2.statusCode).toBe(200);
    const me = await call('GET', '/api/users/me', step2.json().data.token);
    expect(me.json().data.username).toBe(member.username);

    // The same code (computed again, the same time step) on a new login: refused, at the field.
    const again = (await password(member.username)).json().data.ticket;
    const reused = await call('POST', '/api/auth/login/second-factor', null, { ticket: again, code: app(secret).generate() });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields).toEqual({ code: 'This code was already used. Wait for the next one in your app.' });
    // The ticket of the right password still works with the next code (the clock moved on by a step).
    const next = await call('POST', '/api/auth/login/second-factor', null, { ticket: again, code: app(secret).generate({ timestamp: Date.now() + STEP }) });
    expect(next.statusCode).toBe(200);
    // A used ticket is not a second session.
    const replay = await call('POST', '/api/auth/login/second-factor', null, { ticket: again, code: app(secret).generate({ timestamp: Date.now() + STEP }) });
    expect(replay.json()).toMatchObject({ statusCode: 400, error: 'SECOND_FACTOR_EXPIRED' });
  });

  it('takes a recovery code once (any case, spaces or dash), then refuses it at the field', async () => {
    const { member, codes } = await withTwoFactor(h);
    const ticket = async () => (await password(member.username)).json().data.ticket;
    const first = await call('POST', '/api/auth/login/second-factor', null, { ticket: await ticket(), code: ` ${codes[0]!.toUpperCase()} ` });
    expect(first.statusCode).toBe(200);
    const second = await call('POST', '/api/auth/login/second-factor', null, { ticket: await ticket(), code: codes[0] });
    expect(second.statusCode).toBe(400);
    expect(second.json().fields).toEqual({ code: 'This recovery code was already used. Each one works once.' });
    const token = first.json().data.token;
    expect((await call('GET', '/api/auth/two-factor', token)).json().data.recoveryCodesLeft).toBe(9);
  });

  it('turns off only with the password and a code, each wrong one a field error', async () => {
    const { member, token, secret } = await withTwoFactor(h);
    const off = (body: object) => call('POST', '/api/auth/two-factor/disable', token, body);
    const noCode = await off({ password: PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fields).toHaveProperty('code');
    const wrongPassword = await off({ password: 'not-my-password', code: app(secret).generate() });
    expect(wrongPassword.json()).toMatchObject({ statusCode: 400, fields: { password: 'Your password is not correct.' } });
    const wrongCode = await off({ password: PASSWORD, code: '12345' });
    expect(wrongCode.json()).toMatchObject({ statusCode: 400, fields: { code: expect.stringMatching(/not right/) } });
    expect((await call('GET', '/api/auth/two-factor', token)).json().data.enabled).toBe(true);

    const done = await off({ password: PASSWORD, code: app(secret).generate() });
    expect(done.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/two-factor', token)).json().data).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect((await password(member.username)).json().data).toHaveProperty('token');
    expect(await h.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id))).toEqual([]);
  });

  it('slows an account down after repeated wrong codes, like passwords (429 with Retry-After), even with the right code', async () => {
    const { member, secret } = await withTwoFactor(h);
    const ticket = (await password(member.username)).json().data.ticket;
    const attempt = (code: string) => call('POST', '/api/auth/login/second-factor', null, { ticket, code });
    const right = app(secret).generate();
    const wrong = right === '000000' ? '999999' : '000000';
    for (let i = 0; i < 4; i++) expect((await attempt(wrong)).statusCode).toBe(400);
    const limited = await attempt(right);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many code attempts\. Try again in \d+ seconds\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('keeps no secret a database dump could use: the TOTP secret encrypted, only hashes of the recovery codes', async () => {
    const { member, secret, codes } = await withTwoFactor(h);
    const [row] = await h.database.db.select().from(twoFactor).where(eq(twoFactor.userId, member.id));
    const stored = JSON.stringify(row) + JSON.stringify(await h.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id)));
    expect(row!.secret).toMatch(/^v1\./);
    const raw = Buffer.from(secret, 'ascii');
    for (const form of [secret, secret.toLowerCase(), raw.toString('hex'), raw.toString('base64')]) expect(stored).not.toContain(form);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
  });

  it("tells a member whose secret the site's key cannot open to use a recovery code (a field error, not a 5xx), and takes one", async () => {
    const { member, codes } = await withTwoFactor(h);
    const otherKey = new SecretBox(randomBytes(32)).seal('JBSWY3DPEHPK3PXP', member.id);
    await h.database.db.update(twoFactor).set({ secret: otherKey }).where(eq(twoFactor.userId, member.id));
    const ticket = (await password(member.username)).json().data.ticket;
    const refused = await call('POST', '/api/auth/login/second-factor', null, { ticket, code: '123456' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.code).toMatch(/Use a recovery code/);
    expect((await call('POST', '/api/auth/login/second-factor', null, { ticket, code: codes[3] })).statusCode).toBe(200);
  });

  it('with requireAdminTwoFactor on, refuses an admin without a second factor the back office (403) until they turn it on', async () => {
    const admin = await createMember(h, { role: 'admin' });
    const token = await login(h, admin.username);
    expect((await call('GET', '/api/admin/settings', token)).statusCode).toBe(200);
    expect((await call('PATCH', '/api/admin/settings', token, { requireAdminTwoFactor: true })).statusCode).toBe(200);
    try {
      const refused = await call('GET', '/api/admin/settings', token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: 'TWO_FACTOR_REQUIRED',
        message: 'Turn on two-factor authentication first: this site requires it for admins.',
      });
      // The older admin-only order search too (an operation open to members that checks for an admin itself).
      expect((await call('GET', '/api/orders/details/search', token)).json()).toMatchObject({ statusCode: 403, error: 'TWO_FACTOR_REQUIRED' });
      expect((await call('GET', '/api/auth/two-factor', token)).json().data).toMatchObject({ enabled: false, required: true });
      // Members are not asked; the admin's own account pages stay open so they can set it up.
      const member = await createMember(h);
      expect((await password(member.username)).json().data).toHaveProperty('token');
      const setup = (await call('POST', '/api/auth/two-factor/setup', token)).json().data;
      expect((await call('POST', '/api/auth/two-factor/enable', token, { code: app(setup.secret).generate() })).statusCode).toBe(200);
      expect((await call('GET', '/api/admin/settings', token)).statusCode).toBe(200);
      expect((await call('GET', '/api/orders/details/search', token)).statusCode).toBe(200);
    } finally {
      await h.app.services.settings.set('requireAdminTwoFactor', false);
    }
  });

  it('refuses malformed bodies with field errors, never a 5xx', async () => {
    const { token } = await withTwoFactor(h);
    const cases: [string, string | null, object][] = [
      ['/api/auth/login/second-factor', null, { code: '123456' }],
      ['/api/auth/login/second-factor', null, { ticket: 'x', code: '' }],
      ['/api/auth/two-factor/enable', token, { code: 123456 }],
      ['/api/auth/two-factor/disable', token, { code: '123456', extra: true }],
    ];
    for (const [url, auth, body] of cases) {
      const res = await call('POST', url, auth, body);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).length, url).toBeGreaterThan(0);
    }
    const unknownTicket = await call('POST', '/api/auth/login/second-factor', null, { ticket: 'made-up', code: '123456' });
    expect(unknownTicket.json()).toMatchObject({ statusCode: 400, error: 'SECOND_FACTOR_EXPIRED', message: 'The login took too long. Please log in again.' });
  });
});
