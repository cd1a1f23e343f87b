// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { inProcessTransport } from '../../src/server/site/transport.ts';
import type { Transport } from '../../src/shared/api-client.ts';
import { createUser } from '../../src/server/modules/users/users.service.ts';
import { SettingsService } from '../../src/server/modules/settings/settings.service.ts';
import { client, configureApi, sessionEnded, sessionCookie } from '../../src/client/api.ts';
import * as sessionCalls from '../../src/shared/calls/session.ts';
import { ApiError, messageOf } from '../../src/shared/contracts/errors.ts';
import { INCORRECT_CREDENTIALS } from '../../src/shared/messages.ts';
import { unlocks } from '../../src/stores/wallet.ts';
import { navigation } from '../../src/client/navigation.ts';
import { $auth, login, logout } from '../../src/stores/auth.ts';
import { resetAll } from '../../src/stores/reset.ts';
import { $settings, setSettings } from '../../src/stores/settings.ts';
import { $toasts, showFlash, showToast } from '../../src/stores/toast.ts';
import { $ui, UI_DEFAULTS } from '../../src/stores/ui.ts';
import { $user, setBalance, setUser } from '../../src/stores/user.ts';
import { DEFAULT_PUBLIC_SETTINGS } from '../../src/shared/default-settings.ts';
import { testConfig } from '../helpers/api.ts';

// The stores talk to the real API app, in-process (the transport the site's own server uses).
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
const visited: string[] = [];
let inProcess: Transport;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await database.migrate();
  await new SettingsService(database.db).ensureDefaults();
  const config = testConfig();
  await createUser(
    database.db,
    { email: 'mia@test.local', username: 'mia', name: 'Mia Member', password: 'member-pass-123', tokens: 250 },
    config.passwordCost,
  );
  app = await buildApp(config, { database, realtime: false });
  await app.ready();
  inProcess = inProcessTransport(app, '127.0.0.1', {});
  configureApi({ baseUrl: 'http://in-process/api', transport: inProcess });
  navigation.go = (url: string) => void visited.push(url);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});
beforeEach(() => {
  resetAll();
  sessionCookie.remove();
  visited.length = 0;
  sessionStorage.clear();
  // Each test starts on a fresh page: the real API in-process, the one-time 401 handling armed again.
  configureApi({ transport: inProcess });
});

describe('login', () => {
  it('requesting, then success: token stored, member fetched, go to /', async () => {
    const pending = login({ username: 'mia', password: 'member-pass-123', remember: true });
    expect($auth.get().login.status).toBe('loading');
    expect(await pending).toBe(true);
    expect($auth.get()).toMatchObject({ loggedIn: true, login: { status: 'ok', data: { username: 'mia' } } });
    expect(sessionCookie.get()).toMatch(/^[\w-]{40,}$/);
    expect($user.get()).toMatchObject({ username: 'mia', name: 'Mia Member', balance: 250, avatar: '/images/avatar-placeholder.svg' });
    expect(visited).toEqual(['/']);
  });

  it("failure keeps the server's answer (its message is what the form shows) and stores nothing", async () => {
    expect(await login({ username: 'mia', password: 'wrong' })).toBe(false);
    const { login: state, loggedIn } = $auth.get();
    expect(loggedIn).toBe(false);
    expect(state).toMatchObject({ status: 'error', error: { kind: 'server', status: 422, code: 'INVALID_CREDENTIALS' } });
    expect(messageOf(state.error!, INCORRECT_CREDENTIALS)).toBe(state.error!.message);
    expect(sessionCookie.get()).toBeNull();
    expect($user.get()).toBeNull();
    expect(visited).toEqual([]);
  });

  it("failure without a server message says 'Incorrect credentials!'", async () => {
    configureApi({ transport: async () => Promise.reject(new TypeError('')) });
    await login({ username: 'mia', password: 'member-pass-123' });
    const { error } = $auth.get().login;
    expect(error).toMatchObject({ kind: 'network' });
    expect(messageOf(error!, INCORRECT_CREDENTIALS)).toBe('Incorrect credentials!');
  });
});

describe('logout', () => {
  it("ends the session on the server, clears the token, says 'Log out!', resets the stores and goes to /auth/login", async () => {
    await login({ username: 'mia', password: 'member-pass-123' });
    const token = sessionCookie.get()!;
    visited.length = 0;
    await logout();
    expect(sessionCookie.get()).toBeNull();
    expect($user.get()).toBeNull();
    expect($auth.get().loggedIn).toBe(false);
    expect(visited).toEqual(['/auth/login']);
    showFlash();
    expect($toasts.get().map((t) => t.message)).toEqual(['Log out!']);
    const me = await app.inject({ url: '/api/users/me', headers: { authorization: token } });
    expect(me.statusCode).toBe(401);
  });

  it('when the session had already ended, logging out still says "Log out!" and lands on /auth/login', async () => {
    await login({ username: 'mia', password: 'member-pass-123' });
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: sessionCookie.get()! } });
    visited.length = 0;
    await logout();
    expect(visited).toEqual(['/auth/login']);
    expect(sessionCookie.get()).toBeNull();
    showFlash();
    expect($toasts.get().map((t) => t.message)).toEqual(['Log out!']);
  });
});

describe('logout, while the server ends the session', () => {
  it("is the logout's end, not a lost session's: the live connection the server closes meanwhile sends nobody to /login", async () => {
    await login({ username: 'mia', password: 'member-pass-123' });
    visited.length = 0;
    const out = logout();
    // What the live connection reports when the server closes it for this logout, before the logout's answer arrives.
    sessionEnded();
    await out;
    expect(visited).toEqual(['/auth/login']);
    showFlash();
    expect($toasts.get().map((t) => t.message)).toEqual(['Log out!']);
  });
});

describe('a 401 from any call', () => {
  it("is handled once: the token goes, /login, and 'Forbidden in the action!' there; the caller gets the unauthorized failure", async () => {
    sessionCookie.set('x'.repeat(43), true);
    const [a, b] = await Promise.all([sessionCalls.me(client()).catch((e: unknown) => e), sessionCalls.me(client()).catch((e: unknown) => e)]);
    expect(a).toBeInstanceOf(ApiError);
    expect((a as ApiError).failure).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect((b as ApiError).failure.kind).toBe('unauthorized');
    expect(visited).toEqual(['/login']);
    expect(sessionCookie.get()).toBeNull();
    showFlash();
    expect($toasts.get().map((t) => t.message)).toEqual(['Forbidden in the action!']);
  });

  it('is never retried: an unlock answered 401 is asked once', async () => {
    sessionCookie.set('x'.repeat(43), true);
    let calls = 0;
    configureApi({ transport: (request) => (calls++, inProcess(request)) });
    const result = await unlocks.run('00000000-0000-4000-8000-000000000000', 'video');
    expect(result).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(calls).toBe(1);
  });

  it('a network failure of an unlock is retried with the same Idempotency-Key, twice at most', async () => {
    const keys: (string | null)[] = [];
    configureApi({
      transport: async (request) => {
        keys.push(request.headers['idempotency-key'] ?? null);
        throw new TypeError('Failed to fetch');
      },
    });
    const result = await unlocks.run('00000000-0000-4000-8000-000000000000', 'video');
    expect(result).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('user, settings, UI and the reset-all action', () => {
  it('the balance takes the absolute value the server sends', () => {
    setUser({
      _id: 'u',
      name: 'A',
      username: 'a',
      email: 'a@x',
      avatar: '',
      cover: null,
      balance: 10,
      roles: ['member'],
      verifiedEmail: true,
      status: 'active',
      createdAt: '',
      bio: '',
      country: null,
      language: null,
      phone: null,
      gender: null,
    });
    expect($user.get()!.avatar).toBe('/images/avatar-placeholder.svg');
    setBalance(40);
    expect($user.get()!.balance).toBe(40);
  });

  it('the UI values start at the SPEC defaults and follow the settings', () => {
    expect($ui.get()).toMatchObject({ theme: 'light', currency: 'USD', currencySymbol: '$' });
    setSettings({ ...DEFAULT_PUBLIC_SETTINGS, siteName: 'Mosaic', currency: 'EUR', currencySymbol: '€' });
    expect($ui.get()).toMatchObject({ siteName: 'Mosaic', currency: 'EUR', currencySymbol: '€', theme: 'light' });
    expect(JSON.parse($ui.get().menus)).toEqual(DEFAULT_PUBLIC_SETTINGS.menus);
    expect(localStorage.getItem('ui:siteName')).toBe('Mosaic');
  });

  it('reset-all restores every store to its initial state', async () => {
    await login({ username: 'mia', password: 'member-pass-123' });
    setSettings({ ...DEFAULT_PUBLIC_SETTINGS, siteName: 'Mosaic' });
    showToast('hello', 'info', 0);
    resetAll();
    expect($user.get()).toBeNull();
    expect($auth.get()).toEqual({ loggedIn: false, login: { status: 'idle' }, forgot: { status: 'idle' } });
    expect($settings.get()).toBeNull();
    expect($toasts.get()).toEqual([]);
    expect($ui.get()).toEqual(UI_DEFAULTS);
  });
});
