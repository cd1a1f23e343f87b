import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/socket-events.ts';
import { tokenLedger } from '../../src/server/db/schema.ts';
import { createMember, login, PASSWORD, useApi } from '../helpers/api.ts';
import { balanceOf, call, ledgerProblems } from '../helpers/commerce.ts';
import { linkIn, useSmtp } from '../helpers/smtp.ts';

/** Members in the back office: search, their record, role, ban and unban, tokens with a reason, a password-reset mail. */
describe('the back office: members', () => {
  const env: Record<string, string> = {};
  const sink = useSmtp(env);
  const h = useApi(env, { realtime: true, listen: true });
  let admin = '';
  let adminId = '';

  const as = (token: string | null, method: string, url: string, payload?: unknown) =>
    call(h, method as 'GET', url, { token: token ?? undefined, body: payload });
  const adminCall = (method: string, url: string, payload?: unknown) => as(admin, method, url, payload);

  beforeAll(async () => {
    const a = await createMember(h, { role: 'admin', username: 'chief', name: 'Chief Operator' });
    adminId = a.id;
    admin = await login(h, a.username);
  });

  it('searches by username, e-mail or name, filters by role and status, newest first', async () => {
    const zoe = await createMember(h, { username: 'zoe_k', name: 'Zoë Kramer', email: 'zoe@mail.test' });
    const list = async (query: string) => ((await adminCall('GET', `/api/admin/members?${query}`)).body.data.data as { _id: string }[]).map((m) => m._id);
    expect(await list('q=zoe_k')).toEqual([zoe.id]);
    expect(await list('q=zoe%40mail')).toEqual([zoe.id]);
    expect(await list('q=Kramer')).toEqual([zoe.id]);
    expect(await list('role=admin')).toEqual([adminId]);
    expect(await list('role=member')).toContain(zoe.id);
    expect((await list('sortBy=newest'))[0]).toBe(zoe.id);
    expect(await list('status=inactive')).not.toContain(zoe.id);
    expect((await adminCall('GET', '/api/admin/members?status=gone')).status).toBe(400);
    const row = (await adminCall('GET', `/api/admin/members?q=zoe_k`)).body.data.data[0];
    expect(row).toMatchObject({ username: 'zoe_k', email: 'zoe@mail.test', role: 'member', status: 'active', balance: 0 });
    expect(row.passwordHash).toBeUndefined();
  });

  it('adjusts tokens with a reason as a ledger entry (never below zero) and the books stay clean', async () => {
    const m = await createMember(h);
    const token = await login(h, m.username);
    const url = `/api/admin/members/${m.id}/adjust-tokens`;
    expect((await adminCall('POST', url, { amount: 25 })).status).toBe(400);
    const zero = await adminCall('POST', url, { amount: 0, reason: 'Nothing' });
    expect(zero.status).toBe(400);
    expect(zero.body.fields).toMatchObject({ amount: expect.stringContaining('other than 0') });
    expect((await adminCall('POST', url, { amount: 1.5, reason: 'Half' })).status).toBe(400);
    const blank = await adminCall('POST', url, { amount: 5, reason: '   ' });
    expect(blank.body.fields).toMatchObject({ reason: expect.any(String) });

    const added = await adminCall('POST', url, { amount: 25, reason: 'Sorry for the outage' });
    expect(added.status).toBe(200);
    expect(added.body.data.balance).toBe(25);
    expect(added.body.data.ledger[0]).toMatchObject({ delta: 25, balanceAfter: 25, reason: 'Sorry for the outage' });
    const below = await adminCall('POST', url, { amount: -30, reason: 'Too much' });
    expect(below.status).toBe(400);
    expect(below.body.fields.amount).toMatch(/only 25 tokens/);
    expect((await adminCall('POST', url, { amount: -10, reason: 'Chargeback' })).body.data.balance).toBe(15);
    expect(await balanceOf(h, token)).toBe(15);
    const entries = await h.database.db.select().from(tokenLedger).where(eq(tokenLedger.userId, m.id));
    expect(entries.map((e) => e.delta).sort()).toEqual([-10, 25]);
    expect(await ledgerProblems(h)).toEqual([]);
  });

  it('changes a role; an admin cannot demote themself', async () => {
    const m = await createMember(h);
    const token = await login(h, m.username);
    expect((await as(token, 'GET', '/api/admin/members')).status).toBe(403);
    const promoted = await adminCall('POST', `/api/admin/members/${m.id}/change-role`, { role: 'admin' });
    expect(promoted.body.data.role).toBe('admin');
    expect((await as(token, 'GET', '/api/admin/members')).status).toBe(200);
    await adminCall('POST', `/api/admin/members/${m.id}/change-role`, { role: 'member' });
    expect((await as(token, 'GET', '/api/admin/members')).status).toBe(403);
    expect((await adminCall('POST', `/api/admin/members/${m.id}/change-role`, { role: 'owner' })).status).toBe(400);
    const self = await adminCall('POST', `/api/admin/members/${adminId}/change-role`, { role: 'member' });
    expect(self.status).toBe(403);
    expect((await adminCall('GET', '/api/admin/members?role=admin')).body.data.data.map((u: { _id: string }) => u._id)).toContain(adminId);
  });

  it('bans a member: every session ends at once, login says the account is inactive; unban lets them in again', async () => {
    const m = await createMember(h);
    const phone = await login(h, m.username);
    const laptop = await login(h, m.username);
    expect((await adminCall('POST', `/api/admin/members/${m.id}/ban`, {})).status).toBe(400);
    expect((await adminCall('POST', `/api/admin/members/${adminId}/ban`, { reason: 'Oops' })).status).toBe(403);

    const banned = await adminCall('POST', `/api/admin/members/${m.id}/ban`, { reason: 'Spam in every thread' });
    expect(banned.status).toBe(200);
    expect(banned.body.data.status).toBe('inactive');
    expect((await as(phone, 'GET', '/api/users/me')).status).toBe(401);
    expect((await as(laptop, 'GET', '/api/users/me')).status).toBe(401);
    const refused = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: m.username, password: PASSWORD } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account is inactive.');
    expect((await adminCall('POST', `/api/admin/members/${m.id}/ban`, { reason: 'Again' })).status).toBe(409);
    expect((await adminCall('GET', '/api/admin/members?status=inactive')).body.data.data.map((u: { _id: string }) => u._id)).toEqual([m.id]);
    expect((await sink.waitFor(m.email, /account is closed/)).text).toContain('Spam in every thread');

    expect((await adminCall('POST', `/api/admin/members/${m.id}/unban`, {})).body.data.status).toBe('active');
    expect((await adminCall('POST', `/api/admin/members/${m.id}/unban`, {})).status).toBe(409);
    await login(h, m.username);
  });

  it('the member hears an adjustment live, and a ban closes their live connection at once', async () => {
    const m = await createMember(h);
    const { port } = h.app.server.address() as { port: number };
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      query: { token: await login(h, m.username) },
      reconnection: false,
    });
    try {
      const balances: number[] = [];
      socket.on('update_balance', ({ balance }) => balances.push(balance));
      expect(await new Promise((resolve) => socket.once('auth/status', ({ authenticated }) => resolve(authenticated)))).toBe(true);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

      await adminCall('POST', `/api/admin/members/${m.id}/adjust-tokens`, { amount: 12, reason: 'Welcome gift' });
      await expect.poll(() => balances).toEqual([12]);
      await adminCall('POST', `/api/admin/members/${m.id}/ban`, { reason: 'Abuse' });
      expect(await closed).toBe('io server disconnect');
    } finally {
      socket.disconnect();
    }
  });

  it('mails a password-reset link that works, and shows the record: purchases, payments, reports, orders link', async () => {
    const m = await createMember(h);
    const sent = await adminCall('POST', `/api/admin/members/${m.id}/send-password-reset`, {});
    expect(sent.status).toBe(200);
    const link = linkIn(await sink.waitFor(m.email, /Reset your/), '/auth/reset-password');
    const reset = await as(null, 'POST', '/api/auth/users/reset-password', { token: link.searchParams.get('token'), password: 'a-brand-new-pass-9' });
    expect(reset.status).toBe(200);
    await login(h, m.username, 'a-brand-new-pass-9');

    const record = (await adminCall('GET', `/api/admin/members/${m.id}`)).body.data;
    expect(record).toMatchObject({
      ordersPath: `/admin/orders?buyerId=${m.id}`,
      purchases: { total: 0, data: [] },
      payments: { total: 0, data: [] },
      reportsBy: { total: 0 },
      reportsAbout: { total: 0 },
    });
    expect((await adminCall('GET', `/api/admin/members/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await adminCall('POST', `/api/admin/members/${crypto.randomUUID()}/unban`, {})).status).toBe(404);
  });
});
