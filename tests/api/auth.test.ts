import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema.ts';
import { createMember, login, PASSWORD, useApi } from '../helpers/api.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('POST /auth/login', () => {
  const h = useApi();

  it('accepts a username or an e-mail (any case) and returns a token that /users/me accepts raw and as Bearer', async () => {
    const user = await createMember(h, { username: 'alice', email: 'Alice@Example.com', tokens: 30 });
    for (const payload of [{ username: 'alice' }, { email: 'alice@example.com' }, { username: 'ALICE@EXAMPLE.COM' }]) {
      const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { ...payload, password: PASSWORD } });
      expect(res.statusCode).toBe(200);
      const { token } = res.json().data;
      for (const authorization of [token, `Bearer ${token}`]) {
        const me = await h.app.inject({ url: '/api/users/me', headers: { authorization } });
        expect(me.statusCode).toBe(200);
        expect(me.json()).toMatchObject({ status: 0, data: { _id: user.id, username: 'alice', balance: 30, roles: ['member'] } });
        expect(me.json().data).not.toHaveProperty('passwordHash');
      }
    }
  });

  it('gives the session the lifetime of the cookie: 365 days with remember, 1 day without', async () => {
    await createMember(h, { username: 'bob' });
    const long = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'bob', password: PASSWORD, remember: true } });
    const short = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'bob', password: PASSWORD, remember: false } });
    const days = (res: typeof long) => (Date.parse(res.json().data.expiresAt) - Date.now()) / DAY;
    expect(days(long)).toBeGreaterThan(364.9);
    expect(days(long)).toBeLessThanOrEqual(365);
    expect(days(short)).toBeGreaterThan(0.99);
    expect(days(short)).toBeLessThanOrEqual(1);
  });

  it('refuses a wrong password with 422 and the message, and creates no session', async () => {
    const user = await createMember(h, { username: 'carol' });
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'carol', password: 'wrong-password' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ statusCode: 422, error: 'INVALID_CREDENTIALS', message: 'Incorrect credentials!' });
    const [{ n }] = await h.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id));
    expect(n).toBe(0);
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody-here', password: 'whatever' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Incorrect credentials!');
  });

  it('rejects malformed bodies with 400 listing every failing field, and writes nothing', async () => {
    const before = await h.database.db.select({ n: count() }).from(sessions);
    const cases: [unknown, RegExp[]][] = [
      [{ username: 'x' }, [/^Password: fill this in\.$/]],
      [{ username: 5, password: 7 }, [/Username or e-mail: send text\./, /Password: send text\./]],
      [{ username: 'x', password: 'y', admin: true }, [/^Unknown field 'admin': leave it out\.$/]],
      [{ password: 'y' }, [/^Username or e-mail: fill this in\.$/]],
      [{ username: 'x', password: 'y', remember: 'yes' }, [/^Remember: send true or false\.$/]],
    ];
    for (const [payload, patterns] of cases) {
      const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'VALIDATION_ERROR' });
      for (const p of patterns) expect(res.json().message).toMatch(p);
    }
    const invalidJson = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json().error).toBe('BAD_REQUEST');
    const wrongType = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: 'username=x', headers: { 'content-type': 'text/xml' } });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ statusCode: 415, error: 'UNSUPPORTED_MEDIA_TYPE' });
    const huge = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'x', password: 'p'.repeat(300_000) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('PAYLOAD_TOO_LARGE');
    expect(await h.database.db.select({ n: count() }).from(sessions)).toEqual(before);
  });
});

describe('sessions', () => {
  const h = useApi();

  it('/users/me without a token, with garbage, or with an unknown token is 401 with the contract body', async () => {
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'x'.repeat(43) }, { authorization: 'Bearer ' + 'y'.repeat(43) }]) {
      const res = await h.app.inject({ url: '/api/users/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'UNAUTHORIZED' });
    }
  });

  it('logout revokes exactly that session on the server', async () => {
    await createMember(h, { username: 'dave' });
    const a = await login(h, 'dave');
    const b = await login(h, 'dave');
    const out = await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: a } });
    expect(out.statusCode).toBe(200);
    expect((await h.app.inject({ url: '/api/users/me', headers: { authorization: a } })).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/api/users/me', headers: { authorization: b } })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: a } })).statusCode).toBe(401);
  });

  it('an inactive member cannot log in, and their open sessions stop working', async () => {
    const member = await createMember(h, { username: 'dormant' });
    const token = await login(h, 'dormant');
    await h.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, member.id));
    for (const payload of [
      { username: 'dormant', password: PASSWORD },
      { email: member.email.toUpperCase(), password: PASSWORD },
    ]) {
      const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, error: 'ACCOUNT_INACTIVE', message: 'This account is inactive.' });
    }
    expect((await h.app.inject({ url: '/api/users/me', headers: { authorization: token } })).statusCode).toBe(401);
    // A wrong password says only that the credentials are wrong.
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'dormant', password: 'wrong-pass-1' } })).statusCode).toBe(422);
    await h.database.db.update(users).set({ status: 'active' }).where(eq(users.id, member.id));
    expect((await h.app.inject({ url: '/api/users/me', headers: { authorization: token } })).statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const user = await createMember(h, { username: 'erin' });
    const token = await login(h, 'erin');
    const rows = await h.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an expired session is refused', async () => {
    await createMember(h, { username: 'frank' });
    const token = await login(h, 'frank');
    await h.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await h.app.inject({ url: '/api/users/me', headers: { authorization: token } })).statusCode).toBe(401);
  });
});

describe('login rate limits', () => {
  const h = useApi({ LOGIN_LIMIT_PER_IP: '5', LOGIN_LIMIT_PER_ACCOUNT: '3' });

  const attempt = (login: string, password: string, ip: string, field: 'username' | 'email' = 'username') =>
    h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { [field]: login, password }, remoteAddress: ip });

  it('counts failures per account whatever was typed, then slows new addresses with 429 and Retry-After', async () => {
    const grace = await createMember(h, { username: 'grace', email: 'grace@example.com' });
    // Three failures through three spellings of the same account, from three addresses.
    expect((await attempt('grace', 'nope', '203.0.113.1')).statusCode).toBe(422);
    expect((await attempt('GRACE', 'nope', '203.0.113.2')).statusCode).toBe(422);
    expect((await attempt('Grace@Example.com', 'nope', '203.0.113.3', 'email')).statusCode).toBe(422);
    const slowed = await attempt('grace@example.com', 'nope', '203.0.113.4', 'email');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect(slowed.json()).toMatchObject({ statusCode: 429, error: 'RATE_LIMITED', message: expect.stringMatching(/Try again in \d+ seconds?/) });
    // The right password from a new address waits too: the attacker cannot tell it from a wrong one.
    expect((await attempt('grace', PASSWORD, '203.0.113.51')).statusCode).toBe(429);
    expect(grace.id).toBeTruthy();
  });

  it('an address the member logged in from before is not locked out by a stranger’s failures', async () => {
    await createMember(h, { username: 'henry', email: 'henry@example.com' });
    expect((await attempt('henry', PASSWORD, '192.0.2.10')).statusCode).toBe(200); // the owner's usual address
    for (let i = 0; i < 3; i++) expect((await attempt('henry', 'guess-' + i, `203.0.113.${100 + i}`)).statusCode).toBe(422);
    expect((await attempt('henry', 'guess-9', '203.0.113.120')).statusCode).toBe(429);
    const owner = await attempt('HENRY@example.com', PASSWORD, '192.0.2.10', 'email');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.token).toEqual(expect.any(String));
  });

  it('an unknown name is slowed exactly like an account, so the limit tells nothing about who exists', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await attempt('Nobody-Here', 'nope', `203.0.113.${200 + i}`)).statusCode);
    expect(answers).toEqual([422, 422, 422, 429]);
  });

  it('counts only failed logins against an address: members sharing one log in as often as they like', async () => {
    await createMember(h, { username: 'irene' });
    for (let i = 0; i < 12; i++) expect((await attempt('irene', PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(`stranger${i}`, 'nope', '198.51.100.20')).statusCode).toBe(422);
    // Past the address's limit of failures, the right password waits too (it is not checked).
    expect((await attempt('irene', PASSWORD, '198.51.100.20')).statusCode).toBe(429);
  });

  it('limits attempts per address across accounts', async () => {
    const attempt = (n: number) =>
      h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: `user${n}`, password: 'nope' }, remoteAddress: '198.51.100.7' });
    for (let i = 0; i < 5; i++) expect((await attempt(i)).statusCode).toBe(422);
    const blocked = await attempt(99);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // another address is not affected
    const other = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'user1', password: 'nope' },
      remoteAddress: '198.51.100.8',
    });
    expect(other.statusCode).toBe(422);
  });
});
