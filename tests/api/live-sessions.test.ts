import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/socket-events.ts';
import { createMember, login, PASSWORD, useApi } from '../helpers/api.ts';
import { call } from '../helpers/commerce.ts';
import { linkIn, useSmtp } from '../helpers/smtp.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('ending a session closes its live connections at once', () => {
  const env: Record<string, string> = { LOGIN_LIMIT_PER_IP: '1000' };
  const sink = useSmtp(env);
  const h = useApi(env, { realtime: true, listen: true });
  const clients: Client[] = [];
  afterEach(() => clients.splice(0).forEach((c) => c.disconnect()));

  /** A member's live connection, authenticated with `token`, recording the balances it receives. */
  async function connect(token: string) {
    const { port } = h.app.server.address() as { port: number };
    const socket: Client = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], query: { token }, reconnection: false });
    clients.push(socket);
    const balances: number[] = [];
    socket.on('update_balance', ({ balance }) => balances.push(balance));
    const authenticated = await new Promise((resolve, reject) => {
      socket.once('connect_error', reject);
      socket.once('auth/status', ({ authenticated }) => resolve(authenticated));
    });
    expect(authenticated).toBe(true);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    return { socket, balances, closed };
  }

  /** Emits balances until the open connection has one, so that the closed one has had every chance to get it. */
  async function sendUntilReceived(memberId: string, open: { balances: number[] }, balance: number) {
    await expect
      .poll(() => {
        h.app.emitToUser(memberId, 'update_balance', { balance, delta: 1 });
        return open.balances;
      })
      .toContain(balance);
  }

  it('a password change closes the other sessions’ sockets; this session’s socket stays and still receives', async () => {
    const member = await createMember(h);
    const [mine, other] = [await login(h, member.username), await login(h, member.username)];
    const here = await connect(mine);
    const there = await connect(other);
    const changed = await call(h, 'PUT', '/api/auth/users/me/password', { token: mine, body: { password: 'changed-pass-77', currentPassword: PASSWORD } });
    expect(changed.status).toBe(200);
    expect(await there.closed).toBe('io server disconnect');
    await sendUntilReceived(member.id, here, 7);
    expect(there.balances).toEqual([]);
    expect(here.socket.connected).toBe(true);
  });

  it('a password reset closes every socket of the member', async () => {
    const member = await createMember(h);
    const a = await connect(await login(h, member.username));
    const b = await connect(await login(h, member.username));
    const since = sink.messages.length;
    await call(h, 'POST', '/api/auth/users/forgot', { body: { email: member.email } });
    const mail = await sink.waitFor(member.email, /Reset your/, { since });
    const token = linkIn(mail, '/auth/reset-password').searchParams.get('token')!;
    expect((await call(h, 'POST', '/api/auth/users/reset-password', { body: { token, password: 'a-new-secret-42' } })).status).toBe(200);
    expect(await a.closed).toBe('io server disconnect');
    expect(await b.closed).toBe('io server disconnect');
  });

  it('logout closes that session’s socket; log out everywhere closes all of them and ends every session', async () => {
    const member = await createMember(h);
    const [first, second, third] = [await login(h, member.username), await login(h, member.username), await login(h, member.username)];
    const one = await connect(first);
    const two = await connect(second);
    const three = await connect(third);
    expect((await call(h, 'POST', '/api/auth/logout', { token: first })).status).toBe(200);
    expect(await one.closed).toBe('io server disconnect');
    await sendUntilReceived(member.id, two, 8);
    expect(one.balances).toEqual([]);

    const everywhere = await call(h, 'POST', '/api/auth/logout-all', { token: second });
    expect(everywhere.body.data).toEqual({ success: true, ended: 2 });
    expect(await two.closed).toBe('io server disconnect');
    expect(await three.closed).toBe('io server disconnect');
    for (const token of [second, third]) expect((await call(h, 'GET', '/api/users/me', { token })).status).toBe(401);
  });
});
