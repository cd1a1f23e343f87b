import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, userTokens } from '../../src/server/db/schema.ts';
import { createMember, login, PASSWORD, useApi } from '../helpers/api.ts';
import { call } from '../helpers/commerce.ts';
import { linkIn, useSmtp } from '../helpers/smtp.ts';

const env: Record<string, string> = { LOGIN_LIMIT_PER_IP: '1000' };
const sink = useSmtp(env);

/** Issue 36, part 4: an e-mail change asks for the password, mails the new address a link and the old one a notice. */
describe('changing the e-mail address', () => {
  const h = useApi(env);
  const emailOf = async (id: string) =>
    (await h.database.db.select({ email: users.email, verified: users.verifiedEmail }).from(users).where(eq(users.id, id)))[0]!;
  const ask = (token: string, body: object) => call(h, 'POST', '/api/auth/users/me/email', { token, body });
  const confirm = (token: string) => call(h, 'POST', '/api/auth/users/me/email/confirm', { body: { token } });

  it('changes nothing until the link mailed to the new address is opened; the old address is told; the link works once', async () => {
    const member = await createMember(h, { email: 'ada@old.test', name: 'Ada' });
    const token = await login(h, member.username);
    const asked = await ask(token, { email: 'Ada@New.test', password: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.body.data.message).toBe('We sent a link to ada@new.test. Your address changes when you open it (within 24 hours).');

    const notice = await sink.waitFor('ada@old.test', /is about to change/);
    expect(notice.text).toContain('a***@new.test');
    expect(notice.text).not.toContain('ada@new.test');
    const mail = await sink.waitFor('ada@new.test', /Confirm your new/);
    const link = linkIn(mail, '/auth/confirm-email');
    // Asked for, not made: the account keeps its address, and logs in with it.
    expect(await emailOf(member.id)).toEqual({ email: 'ada@old.test', verified: true });
    const [stored] = await h.database.db.select().from(userTokens).where(eq(userTokens.newEmail, 'ada@new.test'));
    expect(stored!.tokenHash).not.toBe(link.searchParams.get('token'));

    const done = await confirm(link.searchParams.get('token')!);
    expect(done.status).toBe(200);
    expect(done.body.data.message).toBe('Your e-mail address is now ada@new.test.');
    expect(await emailOf(member.id)).toEqual({ email: 'ada@new.test', verified: true });
    // The session goes on; the new address logs in.
    expect((await call(h, 'GET', '/api/users/me', { token })).body.data.email).toBe('ada@new.test');
    expect(await login(h, 'ada@new.test')).toEqual(expect.any(String));

    const again = await confirm(link.searchParams.get('token')!);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('LINK_INVALID');
  });

  it('refuses at the field: a wrong password, not an address, the same address, another account’s address; nothing is mailed', async () => {
    const member = await createMember(h, { email: 'bo@old.test' });
    await createMember(h, { email: 'taken@other.test' });
    const token = await login(h, member.username);
    const cases: [object, number, string, RegExp][] = [
      [{ email: 'bo@new.test', password: 'not-my-password-1' }, 422, 'password', /not your password/],
      [{ email: 'not an address', password: PASSWORD }, 400, 'email', /give an e-mail address/],
      [{ email: 'BO@old.test', password: PASSWORD }, 400, 'email', /already your address/],
      [{ email: 'taken@other.test', password: PASSWORD }, 409, 'email', /another account uses it/],
    ];
    for (const [body, status, field, message] of cases) {
      const res = await ask(token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.fields).toEqual({ [field]: expect.stringMatching(message) });
    }
    expect((await call(h, 'POST', '/api/auth/users/me/email', { body: { email: 'x@y.test', password: PASSWORD } })).status).toBe(401);
    expect(await emailOf(member.id)).toMatchObject({ email: 'bo@old.test' });
    expect(sink.to('bo@new.test')).toEqual([]);
    expect(sink.to('bo@old.test')).toEqual([]);
  });

  it('a newer request replaces the older link; an address taken meanwhile is refused when the link is opened', async () => {
    const member = await createMember(h, { email: 'cy@old.test' });
    const token = await login(h, member.username);
    expect((await ask(token, { email: 'cy@first.test', password: PASSWORD })).status).toBe(200);
    const first = linkIn(await sink.waitFor('cy@first.test', /Confirm your new/), '/auth/confirm-email');
    expect((await ask(token, { email: 'cy@second.test', password: PASSWORD })).status).toBe(200);
    const second = linkIn(await sink.waitFor('cy@second.test', /Confirm your new/), '/auth/confirm-email');
    expect((await confirm(first.searchParams.get('token')!)).body.error).toBe('LINK_INVALID');

    await createMember(h, { email: 'cy@second.test' });
    const late = await confirm(second.searchParams.get('token')!);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/Another account took this address meanwhile/);
    expect(await emailOf(member.id)).toMatchObject({ email: 'cy@old.test' });
  });
});
