import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { passkeyChallenges, passkeys } from '../../src/server/db/schema.ts';
import { SoftAuthenticator } from '../helpers/authenticator.ts';
import { createMember, login, PASSWORD, useApi, type ApiHarness } from '../helpers/api.ts';

function client(h: ApiHarness) {
  return (method: string, url: string, token: string | null, payload?: object) =>
    h.app.inject({ method: method as 'POST', url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
}

describe('passkeys (WebAuthn)', () => {
  const h = useApi();
  const call = client(h);
  /** A browser on the site's public origin, with its authenticator. */
  const device = () => new SoftAuthenticator(h.app.siteOrigin);

  /** A member with a session, and a passkey added under `name` from `authenticator`. */
  async function withPasskey(authenticator = device(), name = 'My phone') {
    const member = await createMember(h);
    const token = await login(h, member.username);
    const added = await addPasskey(token, authenticator, name);
    expect(added.statusCode).toBe(200);
    return { member, token, authenticator, passkey: added.json().data as { _id: string; name: string } };
  }

  async function addPasskey(token: string, authenticator: SoftAuthenticator, name: string) {
    const options = await call('POST', '/api/auth/passkeys/options', token);
    expect(options.statusCode).toBe(200);
    const { response } = authenticator.create(options.json().data);
    return call('POST', '/api/auth/passkeys', token, { name, credential: response });
  }

  async function passkeyLogin(authenticator: SoftAuthenticator, credential = authenticator.credentials[0]) {
    const options = (await call('POST', '/api/auth/login/passkey/options', null)).json().data;
    const signed = authenticator.get(options, credential);
    return { signed, answer: await call('POST', '/api/auth/login/passkey', null, { credential: signed }) };
  }

  it('adds a named passkey for this site, with a resident key and user verification; lists, renames it', async () => {
    const member = await createMember(h);
    const token = await login(h, member.username);
    const options = (await call('POST', '/api/auth/passkeys/options', token)).json().data;
    expect(options.rp.id).toBe(new URL(h.app.siteOrigin).hostname);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });

    const authenticator = device();
    const { response } = authenticator.create(options);
    // A name is required: a field error, and nothing is added (the challenge is not spent on it).
    const nameless = await call('POST', '/api/auth/passkeys', token, { name: '   ', credential: response });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ error: 'VALIDATION_ERROR', fields: { name: expect.stringMatching(/fill this in/) } });
    const tooLong = await call('POST', '/api/auth/passkeys', token, { name: 'x'.repeat(61), credential: response });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toHaveProperty('name');

    const added = await call('POST', '/api/auth/passkeys', token, { name: ' Work laptop ', credential: response });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    const list = (await call('GET', '/api/auth/passkeys', token)).json().data;
    expect(list).toMatchObject({ total: 1, data: [{ _id: added.json().data._id, name: 'Work laptop', lastUsedAt: null }] });

    // Only the public key is stored: nothing in the row signs anything.
    const [row] = await h.database.db.select().from(passkeys).where(eq(passkeys.userId, member.id));
    expect(row!.credentialId).toBe(response.id);
    expect(row!.transports).toEqual(['internal']);

    const renamed = await call('PATCH', `/api/auth/passkeys/${row!.id}`, token, { name: 'Old laptop' });
    expect(renamed.json().data.name).toBe('Old laptop');
    const blank = await call('PATCH', `/api/auth/passkeys/${row!.id}`, token, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toHaveProperty('name');
    expect((await call('GET', '/api/auth/passkeys', token)).json().data.data[0].name).toBe('Old laptop');

    // The same authenticator's credential twice: the browser is told to skip it (excludeCredentials), and the server refuses it.
    const again = (await call('POST', '/api/auth/passkeys/options', token)).json().data;
    expect(again.excludeCredentials).toEqual([expect.objectContaining({ id: response.id })]);
  });

  it('a response to no challenge of mine, or from another origin, adds nothing', async () => {
    const member = await createMember(h);
    const token = await login(h, member.username);
    const stranger = device().create({ challenge: 'bm90LWEtY2hhbGxlbmdl', rp: {}, user: { id: 'eA' } });
    const unknown = await call('POST', '/api/auth/passkeys', token, { name: 'Phone', credential: stranger.response });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('PASSKEY_REFUSED');

    const options = (await call('POST', '/api/auth/passkeys/options', token)).json().data;
    const phishing = new SoftAuthenticator('https://evil.example').create(options);
    expect((await call('POST', '/api/auth/passkeys', token, { name: 'Phone', credential: phishing.response })).statusCode).toBe(400);
    // Another member's challenge is not mine either.
    const other = await login(h, (await createMember(h)).username);
    const theirs = (await call('POST', '/api/auth/passkeys/options', other)).json().data;
    const crossed = await call('POST', '/api/auth/passkeys', token, { name: 'Phone', credential: device().create(theirs).response });
    expect(crossed.statusCode).toBe(400);
    expect((await call('GET', '/api/auth/passkeys', token)).json().data.total).toBe(0);
  });

  it('logs in with a passkey alone: a session, no code asked even with TOTP on; last used is shown', async () => {
    const { member, token, authenticator, passkey } = await withPasskey();
    // The second factor on: a password login now stops at the code step.
    const setup = (await call('POST', '/api/auth/two-factor/setup', token)).json().data;
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), algorithm: 'SHA1', digits: 6, period: 30 });
    expect((await call('POST', '/api/auth/two-factor/enable', token, { code: totp.generate() })).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/login', null, { username: member.username, password: PASSWORD })).json().data).toHaveProperty('ticket');

    const { answer } = await passkeyLogin(authenticator);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toHaveProperty('token');
    expect(answer.json().data).not.toHaveProperty('ticket');
    const me = await call('GET', '/api/users/me', answer.json().data.token);
    expect(me.json().data.username).toBe(member.username);
    const [listed] = (await call('GET', '/api/auth/passkeys', token)).json().data.data;
    expect(listed._id).toBe(passkey._id);
    expect(Date.now() - Date.parse(listed.lastUsedAt)).toBeLessThan(60_000);
  });

  it('refuses a used challenge (a replayed login), an unknown challenge, and a signature from a removed passkey', async () => {
    const { token, authenticator, passkey } = await withPasskey();
    const { signed, answer } = await passkeyLogin(authenticator);
    expect(answer.statusCode).toBe(200);
    // The very same signed answer again: its challenge was used.
    const replay = await call('POST', '/api/auth/login/passkey', null, { credential: signed });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'PASSKEY_REFUSED', message: expect.stringMatching(/could not be used/) });
    // A fresh signature over that used challenge (the counter moved on): still refused.
    const options = { challenge: JSON.parse(Buffer.from(signed.response.clientDataJSON, 'base64url').toString()).challenge };
    expect((await call('POST', '/api/auth/login/passkey', null, { credential: authenticator.get(options) })).statusCode).toBe(400);
    // A challenge the server never gave.
    expect((await call('POST', '/api/auth/login/passkey', null, { credential: authenticator.get({ challenge: 'bm9uZQ' }) })).statusCode).toBe(400);
    // A challenge past its five minutes.
    const late = (await call('POST', '/api/auth/login/passkey/options', null)).json().data;
    await h.database.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyChallenges.challenge, late.challenge));
    expect((await call('POST', '/api/auth/login/passkey', null, { credential: authenticator.get(late) })).statusCode).toBe(400);

    // Removed (with the password; a wrong one is a field error and removes nothing): its signatures no longer log in.
    const wrong = await call('POST', `/api/auth/passkeys/${passkey._id}/remove`, token, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('password');
    expect((await passkeyLogin(authenticator)).answer.statusCode).toBe(200);
    const removed = await call('POST', `/api/auth/passkeys/${passkey._id}/remove`, token, { password: PASSWORD });
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/passkeys', token)).json().data.total).toBe(0);
    const after = await passkeyLogin(authenticator);
    expect(after.answer.statusCode).toBe(400);
    expect(after.answer.json().error).toBe('PASSKEY_REFUSED');
  });

  it("another member's passkey can be neither renamed nor removed (404), and still logs its owner in", async () => {
    const owner = await withPasskey();
    const other = await login(h, (await createMember(h)).username);
    const rename = await call('PATCH', `/api/auth/passkeys/${owner.passkey._id}`, other, { name: 'Mine now' });
    expect(rename.statusCode).toBe(404);
    const remove = await call('POST', `/api/auth/passkeys/${owner.passkey._id}/remove`, other, { password: PASSWORD });
    expect(remove.statusCode).toBe(404);
    expect((await call('GET', '/api/auth/passkeys', owner.token)).json().data.data).toEqual([expect.objectContaining({ name: 'My phone' })]);
    expect((await passkeyLogin(owner.authenticator)).answer.statusCode).toBe(200);
    // Logged out, the list and the ceremony are refused.
    expect((await call('GET', '/api/auth/passkeys', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/passkeys/options', null)).statusCode).toBe(401);
  });

  it('bad input is a field error, never a 500', async () => {
    const { token } = await withPasskey();
    const garbage = await call('POST', '/api/auth/login/passkey', null, {
      credential: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '!!' }, clientExtensionResults: {} },
    });
    expect(garbage.statusCode).toBe(400);
    expect((await call('POST', '/api/auth/login/passkey', null, {})).statusCode).toBe(400);
    expect((await call('POST', '/api/auth/passkeys', token, { name: 'Phone' })).json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      fields: { credential: expect.any(String) },
    });
    expect((await call('PATCH', '/api/auth/passkeys/not-an-id', token, { name: 'x' })).statusCode).toBe(400);
  });
});
