// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { inProcessFetch } from '../../src/server/plugins/site.ts';
import { createUser } from '../../src/server/modules/users/users.service.ts';
import { SettingsService } from '../../src/server/modules/settings/settings.service.ts';
import { api, configureApi, tokenCookie } from '../../src/client/api.ts';
import { $auth, login, logout, navigation } from '../../src/stores/auth.ts';
import { $liveStatus, setLiveStatus } from '../../src/stores/live.ts';
import { resetAll } from '../../src/stores/reset.ts';
import { $settings, setSettings } from '../../src/stores/settings.ts';
import { $toasts, showFlash, showToast } from '../../src/stores/toast.ts';
import { $ui, UI_DEFAULTS } from '../../src/stores/ui.ts';
import { $user, setBalance, setUser, updateBalance } from '../../src/stores/user.ts';
import { DEFAULT_PUBLIC_SETTINGS } from '../../src/shared/default-settings.ts';
import { testConfig } from '../helpers/api.ts';

// The stores talk to the real API app, in-process (the transport the site's own server uses).
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
const visited: string[] = [];
const unauthorized: string[] = [];

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
  const fetchInProcess = inProcessFetch(app);
  configureApi({
    baseUrl: 'http://in-process/api',
    fetch: (input, init) => fetchInProcess(input as string, init, '127.0.0.1', {}),
    onUnauthorized: () => unauthorized.push('/login'),
  });
  navigation.go = (url) => void visited.push(url);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});
beforeEach(() => {
  resetAll();
  tokenCookie.remove();
  visited.length = 0;
  unauthorized.length = 0;
  sessionStorage.clear();
});

describe('login', () => {
  it('requesting, then success: token stored, member fetched, go to /', async () => {
    const pending = login({ username: 'mia', password: 'member-pass-123', remember: true });
    expect($auth.get().login).toEqual({ requesting: true, success: false, error: null });
    expect(await pending).toBe(true);
    expect($auth.get()).toMatchObject({ loggedIn: true, login: { requesting: false, success: true, error: null } });
    expect(tokenCookie.get()).toMatch(/^[\w-]{40,}$/);
    expect($user.get()).toMatchObject({ username: 'mia', name: 'Mia Member', balance: 250, avatar: '/images/avatar-placeholder.svg' });
    expect(visited).toEqual(['/']);
  });

  it("failure shows the server's message and stores nothing", async () => {
    expect(await login({ username: 'mia', password: 'wrong' })).toBe(false);
    expect($auth.get()).toMatchObject({ loggedIn: false, login: { requesting: false, success: false, error: 'Incorrect credentials!' } });
    expect(tokenCookie.get()).toBeNull();
    expect($user.get()).toBeNull();
    expect(visited).toEqual([]);
  });

  it("failure without a server message says 'Incorrect credentials!'", async () => {
    configureApi({ fetch: async () => Promise.reject(new TypeError('')) });
    try {
      await login({ username: 'mia', password: 'member-pass-123' });
      expect($auth.get().login.error).toBe('Incorrect credentials!');
    } finally {
      const fetchInProcess = inProcessFetch(app);
      configureApi({ fetch: (input, init) => fetchInProcess(input as string, init, '127.0.0.1', {}) });
    }
  });
});

describe('logout', () => {
  it("ends the session on the server, clears the token, says 'Log out!', resets the stores and goes to /auth/login", async () => {
    await login({ username: 'mia', password: 'member-pass-123' });
    const token = tokenCookie.get()!;
    visited.length = 0;
    await logout();
    expect(tokenCookie.get()).toBeNull();
    expect($user.get()).toBeNull();
    expect($auth.get().loggedIn).toBe(false);
    expect(visited).toEqual(['/auth/login']);
    showFlash();
    expect($toasts.get().map((t) => t.message)).toEqual(['Log out!']);
    const me = await app.inject({ url: '/api/users/me', headers: { authorization: token } });
    expect(me.statusCode).toBe(401);
  });

  it('when the session had already ended, the 401 sends the browser to /login instead', async () => {
    await login({ username: 'mia', password: 'member-pass-123' });
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: tokenCookie.get()! } });
    visited.length = 0;
    await logout();
    expect(unauthorized).toEqual(['/login']);
    expect(visited).toEqual([]);
    expect(tokenCookie.get()).toBeNull();
  });
});

describe('a 401 from any call', () => {
  it("sends the browser to /login and throws 'Forbidden in the action!'", async () => {
    tokenCookie.set('x'.repeat(43), true);
    await expect(api.me()).rejects.toThrow('Forbidden in the action!');
    expect(unauthorized).toEqual(['/login']);
  });
});

describe('user, settings, UI and the reset-all action', () => {
  it('balance updates add a token amount; the live value sets it absolutely', () => {
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
    updateBalance(5);
    expect($user.get()!.balance).toBe(15);
    updateBalance(-3);
    expect($user.get()!.balance).toBe(12);
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
    setLiveStatus('connected');
    showToast('hello', 'info', 0);
    resetAll();
    expect($user.get()).toBeNull();
    expect($auth.get()).toEqual({
      loggedIn: false,
      login: { requesting: false, success: false, error: null },
      forgot: { requesting: false, success: false, error: null },
    });
    expect($settings.get()).toBeNull();
    expect($liveStatus.get()).toBe('initialized');
    expect($toasts.get()).toEqual([]);
    expect($ui.get()).toEqual(UI_DEFAULTS);
  });
});
