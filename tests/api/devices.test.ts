import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/socket-events.ts';
import { createMember, PASSWORD, useApi } from '../helpers/api.ts';
import { call } from '../helpers/commerce.ts';
import { useSmtp } from '../helpers/smtp.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';

/** Issue 36, part 3: a member's sessions as devices, ended from /account/security; a login from a new place mailed. */
describe('devices: where a member is logged in', () => {
  const env: Record<string, string> = { LOGIN_LIMIT_PER_IP: '1000', TRUSTED_COUNTRY_HEADER: 'x-test-country' };
  const sink = useSmtp(env);
  const h = useApi(env, { realtime: true, listen: true });
  const clients: Client[] = [];
  afterEach(() => clients.splice(0).forEach((c) => c.disconnect()));

  /** A login from a browser (`userAgent`) at an address in a country. */
  async function loginFrom(username: string, from: { userAgent: string; ip: string; country: string }): Promise<string> {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: PASSWORD },
      remoteAddress: from.ip,
      headers: { 'user-agent': from.userAgent, 'x-test-country': from.country },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.token as string;
  }
  const devicesOf = async (token: string) => (await call(h, 'GET', '/api/auth/sessions', { token })).body.data.data as Record<string, unknown>[];
  const me = async (token: string) => (await call(h, 'GET', '/api/users/me', { token })).status;

  /** A live connection of a session, and the promise of its close. */
  async function connect(token: string) {
    const { port } = h.app.server.address() as { port: number };
    const socket: Client = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], query: { token }, reconnection: false });
    clients.push(socket);
    await new Promise((resolve, reject) => {
      socket.once('connect_error', reject);
      socket.once('auth/status', resolve);
    });
    return { closed: new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason))) };
  }

  it('lists each session with its browser, place and last use, this one marked; logging one out closes its live connection', async () => {
    const member = await createMember(h);
    const desk = await loginFrom(member.username, { userAgent: CHROME_WINDOWS, ip: '10.9.0.1', country: 'PT' });
    const phone = await loginFrom(member.username, { userAgent: FIREFOX_ANDROID, ip: '10.9.0.2', country: 'DE' });
    const list = await devicesOf(desk);
    expect(list).toHaveLength(2);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ device: 'Chrome 131 on Windows', kind: 'desktop', place: 'Portugal', current: true }),
        expect.objectContaining({ device: 'Firefox 133 on Android', kind: 'phone', place: 'Germany', current: false }),
      ]),
    );
    const phoneId = list.find((s) => !s.current)!._id as string;

    const { closed: phoneClosed } = await connect(phone);
    const ended = await call(h, 'DELETE', `/api/auth/sessions/${phoneId}`, { token: desk });
    expect(ended.status).toBe(200);
    expect(await phoneClosed).toBe('io server disconnect');
    expect(await me(phone)).toBe(401);
    expect(await me(desk)).toBe(200);
    expect((await devicesOf(desk)).map((s) => s.device)).toEqual(['Chrome 131 on Windows']);
    // Ended already, or someone else's: a 404, and nothing else ends.
    expect((await call(h, 'DELETE', `/api/auth/sessions/${phoneId}`, { token: desk })).status).toBe(404);
  });

  it('another member’s session cannot be ended; "all other sessions" ends all but this one', async () => {
    const [ann, bob] = [await createMember(h), await createMember(h)];
    const from = { userAgent: CHROME_WINDOWS, ip: '10.9.1.1', country: 'FR' };
    const annToken = await loginFrom(ann.username, from);
    const bobToken = await loginFrom(bob.username, from);
    const bobSession = (await devicesOf(bobToken))[0]!._id as string;
    expect((await call(h, 'DELETE', `/api/auth/sessions/${bobSession}`, { token: annToken })).status).toBe(404);
    expect(await me(bobToken)).toBe(200);
    expect((await call(h, 'DELETE', '/api/auth/sessions/not-an-id', { token: annToken })).status).toBe(400);

    const others = [await loginFrom(ann.username, from), await loginFrom(ann.username, from)];
    const { closed } = await connect(others[0]!);
    const all = await call(h, 'POST', '/api/auth/sessions/end-others', { token: annToken });
    expect(all.body.data).toEqual({ success: true, ended: 2 });
    expect(await closed).toBe('io server disconnect');
    expect(await Promise.all(others.map(me))).toEqual([401, 401]);
    expect(await me(annToken)).toBe(200);
    expect(await me(bobToken)).toBe(200);
    expect((await call(h, 'GET', '/api/auth/sessions')).status).toBe(401);
  });

  it('a login from a place the account was never used from is mailed (not the first login, not a known place)', async () => {
    const member = await createMember(h, { email: 'traveller@mail.test' });
    await loginFrom(member.username, { userAgent: CHROME_WINDOWS, ip: '10.9.2.1', country: 'PT' });
    await loginFrom(member.username, { userAgent: CHROME_WINDOWS, ip: '10.9.2.1', country: 'PT' });
    await loginFrom(member.username, { userAgent: FIREFOX_ANDROID, ip: '10.9.2.2', country: 'DE' });
    const mail = await sink.waitFor('traveller@mail.test', /New login/);
    expect(mail.text).toContain('Firefox 133 on Android in Germany');
    expect(mail.text).toContain('/account/security');
    // Only that one: the first login and the known place were not mailed.
    await loginFrom(member.username, { userAgent: FIREFOX_ANDROID, ip: '10.9.2.2', country: 'DE' });
    const marker = await createMember(h, { email: 'marker@mail.test' });
    await loginFrom(marker.username, { userAgent: CHROME_WINDOWS, ip: '10.9.2.9', country: 'PT' });
    await loginFrom(marker.username, { userAgent: CHROME_WINDOWS, ip: '10.9.2.8', country: 'PT' });
    await sink.waitFor('marker@mail.test', /New login/);
    expect(sink.to('traveller@mail.test')).toHaveLength(1);
  });

  it('"last used" follows the session’s use, written at most every few minutes', async () => {
    const member = await createMember(h);
    const token = await loginFrom(member.username, { userAgent: CHROME_WINDOWS, ip: '10.9.3.1', country: 'PT' });
    const [session] = await h.database.db.select().from(sessions).where(eq(sessions.userId, member.id));
    const anHourAgo = new Date(Date.now() - 3600_000);
    await h.database.db.update(sessions).set({ lastSeenAt: anHourAgo }).where(eq(sessions.id, session!.id));
    // The member's next request (any) marks the session as used now; the list then says so.
    expect(await me(token)).toBe(200);
    const seen = async () => (await h.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, session!.id)))[0]!.at!.getTime();
    await expect.poll(seen).toBeGreaterThan(anHourAgo.getTime() + 3000_000);
    expect(Date.parse(String((await devicesOf(token))[0]!.lastSeenAt))).toBeGreaterThan(anHourAgo.getTime() + 3000_000);
  });
});
