import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { CountryBlockService } from '../../src/server/modules/country-block/country-block.service.ts';
import { GeoIp } from '../../src/server/lib/runtime/geoip.ts';
import { inProcessTransport } from '../../src/server/site/transport.ts';
import { decideSite } from '../../src/server/site/decide.ts';
import { createApiClient } from '../../src/shared/api-client.ts';
import { adminCalls } from '../../src/shared/admin/calls.ts';
import type { ApiError } from '../../src/shared/contracts/errors.ts';
import type { Op, OpInput } from '../../src/shared/operations/operation.ts';
import { SETTINGS } from '../../src/shared/operations/settings.ts';
import { COUNTRY_BLOCK } from '../../src/shared/operations/country-block.ts';
import { PAYMENTS } from '../../src/shared/operations/payments.ts';
import { EVENTS } from '../../src/shared/operations/events.ts';
import { USERS } from '../../src/shared/operations/users.ts';
import { REFERENCE } from '../../src/shared/operations/reference.ts';
import { SETUP } from '../../src/shared/operations/setup.ts';
import { VIDEOS } from '../../src/shared/operations/videos.ts';
import { GALLERIES } from '../../src/shared/operations/galleries.ts';
import { STORIES } from '../../src/shared/operations/stories.ts';
import { POSTS } from '../../src/shared/operations/posts.ts';
import { PRODUCTS } from '../../src/shared/operations/products.ts';
import { BANNERS } from '../../src/shared/operations/banners.ts';
import { CATEGORIES } from '../../src/shared/operations/categories.ts';
import { SEARCH } from '../../src/shared/operations/search.ts';
import { SITEMAP } from '../../src/shared/operations/sitemap.ts';
import { TOKEN_TRANSACTIONS } from '../../src/shared/operations/token-transactions.ts';
import { LEDGER } from '../../src/shared/operations/ledger.ts';
import { ORDERS } from '../../src/shared/operations/orders.ts';
import { REACTIONS } from '../../src/shared/operations/reactions.ts';
import { COMMENTS } from '../../src/shared/operations/comments.ts';
import { CONTACT } from '../../src/shared/operations/contact.ts';
import { grant, seedCatalogue } from '../helpers/catalogue.ts';
import { firstPackage } from '../helpers/commerce.ts';
import { createMember, login, testConfig, useApi, type ApiHarness } from '../helpers/api.ts';

/** A page's API client, as the site's server makes it for one render (middleware/context.ts): the in-process transport. */
const pageClient = (h: ApiHarness, ip: string, forwarded: Record<string, string>, token: string | null) =>
  createApiClient({ baseUrl: 'http://localhost/api', transport: inProcessTransport(h.app, ip, forwarded), getSessionToken: () => token });

const LOCKED_VIDEO = 'northern-lights-over-the-fjord';
const LOCKED_GALLERY = 'city-after-dark';
const EVENT = { title: 'Night walk', startAt: new Date(Date.now() + 86_400_000).toISOString(), endAt: new Date(Date.now() + 90_000_000).toISOString() };

describe('GET /settings/public and POST /settings/keys', () => {
  const h = useApi();

  it('returns the public settings as a flat map, with the defaults of SPEC.md (USD, $) and menus', async () => {
    const res = await h.app.inject({ url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ siteName: 'Tessera', currency: 'USD', currencySymbol: '$', maintenanceMode: false, gaCode: '' });
    expect(Array.isArray(data.menus)).toBe(true);
  });

  it('filters by group, shows an operator change at once, and never returns private keys', async () => {
    await h.app.services.settings.set('siteName', 'Mosaic');
    await h.app.services.settings.set('recaptchaSecret', 'sk_live_x');
    const all = (await h.app.inject({ url: '/api/settings/public' })).json().data;
    expect(all.siteName).toBe('Mosaic');
    expect(all).not.toHaveProperty('recaptchaSecret');
    const commerce = (await h.app.inject({ url: '/api/settings/public?group=commerce' })).json().data;
    expect(commerce).toEqual({ currency: 'USD', currencySymbol: '$', tokenPrice: 0 });
    const keys = await h.app.inject({ method: 'POST', url: '/api/settings/keys', payload: { keys: ['siteName', 'recaptchaSecret', 'nope'] } });
    expect(keys.json().data).toEqual({ siteName: 'Mosaic' });
  });

  it('rejects bad input with 400', async () => {
    expect((await h.app.inject({ method: 'POST', url: '/api/settings/keys', payload: { keys: [] } })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'POST', url: '/api/settings/keys', payload: { keys: 'siteName' } })).statusCode).toBe(400);
    expect((await h.app.inject({ url: `/api/settings/public?group=${'x'.repeat(80)}` })).statusCode).toBe(400);
  });

  it('refuses a value of the wrong type for a known key', async () => {
    await expect(h.app.services.settings.set('maintenanceMode', 'perhaps')).rejects.toThrow(/must be a boolean/);
    expect((await h.app.inject({ url: '/api/settings/public' })).json().data.maintenanceMode).toBe(false);
  });
});

describe('GET /country-block/check', () => {
  const h = useApi({ TRUSTED_COUNTRY_HEADER: '' });

  it('blocks a listed country by the caller address (local GeoIP), never a local or private address', async () => {
    await h.app.services.countryBlock.block('us');
    const check = (remoteAddress: string) => h.app.inject({ url: '/api/country-block/check', remoteAddress }).then((r) => r.json().data);
    expect(await check('8.8.8.8')).toEqual({ blocked: true, country: 'US' });
    expect(await check('81.2.69.142')).toEqual({ blocked: false, country: 'GB' });
    for (const local of ['127.0.0.1', '::1', '10.1.2.3', '192.168.1.20', '172.20.0.5', '::ffff:127.0.0.1', 'fe80::1']) {
      expect(await check(local)).toEqual({ blocked: false, country: null });
    }
    await h.app.services.countryBlock.unblock('US');
    expect(await check('8.8.8.8')).toEqual({ blocked: false, country: 'US' });
  });

  it('believes X-Forwarded-For from nobody unless TRUST_PROXY names the proxy (loopback included)', async () => {
    await h.app.services.countryBlock.block('US');
    const viaLoopback = await h.app.inject({ url: '/api/country-block/check', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(viaLoopback.json().data).toEqual({ blocked: false, country: null });
    await h.app.services.countryBlock.unblock('US');
  });

  it('refuses a code that is not an assigned ISO 3166-1 alpha-2 code', async () => {
    for (const code of ['Germany', 'XX', 'UK', 'EU', 'ZZ'])
      await expect(h.app.services.countryBlock.block(code), code).rejects.toThrow(/is not an ISO 3166-1 alpha-2/);
    expect(await h.app.services.countryBlock.list()).toEqual([]);
  });
});

describe('the site mode, decided by the host before a page renders', () => {
  const h = useApi({ TRUSTED_COUNTRY_HEADER: '' });
  const request = (ip: string, cookie?: string) => ({ ip, headers: cookie ? { cookie } : {} }) as never;

  it('shows the blocked page to a blocked country (even an admin, even in maintenance), the maintenance page to all but admins and the login pages', async () => {
    const admin = await createMember(h, { role: 'admin' });
    const member = await createMember(h);
    const adminCookie = `theme=dark; token=${await login(h, admin.username)}`;
    const memberCookie = `token=${await login(h, member.username)}`;
    const decide = async (ip: string, meta: object = {}, cookie?: string) =>
      decideSite(h.app, request(ip, cookie), meta, await h.app.services.settings.publicView());
    const mode = async (ip: string, meta: object = {}, cookie?: string) => (await decide(ip, meta, cookie)).siteMode;

    expect(await decide('81.2.69.142')).toMatchObject({ siteMode: 'normal', country: 'GB', settings: { siteName: 'Tessera' } });
    await h.app.services.settings.set('maintenanceMode', true);
    expect(await mode('81.2.69.142')).toBe('maintenance');
    expect(await mode('81.2.69.142', {}, memberCookie)).toBe('maintenance');
    expect(await mode('81.2.69.142', {}, 'token=not-a-session-token-of-anyone')).toBe('maintenance');
    expect(await mode('81.2.69.142', {}, adminCookie)).toBe('normal');
    expect(await mode('81.2.69.142', { availableInMaintenance: true })).toBe('normal');
    await h.app.services.countryBlock.block('GB');
    expect(await mode('81.2.69.142', {}, adminCookie)).toBe('blocked');
    expect(await mode('81.2.69.142', { availableInMaintenance: true })).toBe('blocked');
    await h.app.services.settings.set('maintenanceMode', false);
    expect(await mode('81.2.69.142')).toBe('blocked');
    expect(await mode('8.8.8.8')).toBe('normal');
    await h.app.services.countryBlock.unblock('GB');
  });

  it('hands every render the same frozen public settings until they change', async () => {
    const view = () => h.app.services.settings.publicView();
    const first = await view();
    expect(await view()).toBe(first);
    expect((await decideSite(h.app, request('127.0.0.1'), {}, first)).settings).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.menus)).toBe(true);
    await h.app.services.settings.set('siteName', 'Mosaic');
    expect((await view()).siteName).toBe('Mosaic');
  });
});

describe("the site's in-process calls", () => {
  const h = useApi({ TRUSTED_COUNTRY_HEADER: 'x-test-country' });
  beforeAll(() => seedCatalogue(h));

  it('answer an operation (the public settings, the country check, the payment gateways, events) as its route does, without a request through the API', async () => {
    await h.app.services.countryBlock.block('FR');
    await h.app.services.settings.set('siteName', 'Mosaic');
    await h.app.services.settings.set('maintenanceMode', true);
    const member = await createMember(h);
    const token = await login(h, member.username);
    await grant(h, member.id, 'video', LOCKED_VIDEO);
    await grant(h, member.id, 'gallery', LOCKED_GALLERY);
    // The member's favourite, and a comment on it, for their pages and the item's.
    const videoId = await grant(h, member.id, 'video', LOCKED_VIDEO);
    const as = { authorization: token };
    await h.app.inject({ method: 'POST', url: '/api/reactions', headers: as, payload: { objectType: 'video', objectId: videoId, action: 'favourite' } });
    await h.app.inject({ method: 'POST', url: '/api/comments', headers: as, payload: { objectType: 'video', objectId: videoId, content: 'Lovely light' } });
    const purchase = { packageId: (await firstPackage(h)).id, gateway: 'test' };
    const { paymentId } = (await h.app.inject({ method: 'POST', url: '/api/payment/purchase-tokens', headers: as, payload: purchase })).json().data;
    const event = (await h.app.inject({ method: 'POST', url: '/api/event', headers: { authorization: token }, payload: EVENT })).json().data;
    const ip = '203.0.113.9';
    const calls: [Op, OpInput, string][] = [
      [SETTINGS.public, {}, '/api/settings/public'],
      [SETTINGS.public, { query: { group: 'commerce' } }, '/api/settings/public?group=commerce'],
      [SETTINGS.keys, { body: { keys: ['siteName', 'recaptchaSecret'] } }, '/api/settings/keys'],
      [COUNTRY_BLOCK.check, {}, '/api/country-block/check'],
      [PAYMENTS.gateways, {}, '/api/payment/gateways'],
      [EVENTS.search, { query: { limit: 5 } }, '/api/event?limit=5'],
      [EVENTS.search, { query: { mine: true } }, '/api/event?mine=true'],
      [EVENTS.get, { params: { id: event._id } }, `/api/event/${event._id}/view`],
      // A member's profile page, the profile form's lists, the first-run check.
      [USERS.view, { params: { id: member.username } }, `/api/users/view/${member.username}`],
      [USERS.search, { query: { q: member.username.slice(0, 4), limit: 5 } }, `/api/users/search?q=${member.username.slice(0, 4)}&limit=5`],
      [REFERENCE.countries, {}, '/api/countries/list'],
      [REFERENCE.languages, {}, '/api/languages/list'],
      [REFERENCE.phoneCodes, {}, '/api/phone-codes/list'],
      [REFERENCE.userAdditional, {}, '/api/user-additional'],
      [SETUP.status, {}, '/api/setup/status'],
      // The catalogue (behind the country gate; lists and uncounted items also through the answer cache): a locked
      // item as a visitor sees it, and as the member who owns it.
      [VIDEOS.search, { query: { limit: 3 } }, '/api/assets/videos/search?limit=3'],
      [VIDEOS.get, { params: { id: LOCKED_VIDEO }, query: { countView: false } }, `/api/assets/videos/${LOCKED_VIDEO}?countView=false`],
      [GALLERIES.get, { params: { id: LOCKED_GALLERY }, query: { countView: false } }, `/api/assets/galleries/${LOCKED_GALLERY}/view?countView=false`],
      [GALLERIES.photosOf, { params: { id: LOCKED_GALLERY }, query: { limit: 2 } }, `/api/assets/galleries/${LOCKED_GALLERY}/photos?limit=2`],
      [STORIES.search, { query: { limit: 2, sortBy: 'title', sort: 'asc' } }, '/api/stories/search?limit=2&sortBy=title&sort=asc'],
      [POSTS.search, { query: {} }, '/api/posts/search'],
      [PRODUCTS.get, { params: { id: 'fine-art-print-fjord' }, query: { countView: false } }, '/api/assets/products/fine-art-print-fjord?countView=false'],
      [BANNERS.search, { query: { position: 'top' } }, '/api/site-promo/search?position=top'],
      [CATEGORIES.search, { query: {} }, '/api/assets/categories/search'],
      [SEARCH.totals, { query: { q: 'reef' } }, '/api/search/total?q=reef'],
      [SITEMAP.months, {}, '/api/sitemap/months'],
      // Token packages, an item's comments; a member's pages (a visitor's call gets the route's 401): balance, payments,
      // purchases, orders, favourites.
      [PAYMENTS.packages, { query: { limit: 50 } }, '/api/package/token/search?limit=50'],
      [COMMENTS.search, { query: { objectType: 'video', objectId: videoId } }, `/api/comments/search?objectType=video&objectId=${videoId}`],
      [LEDGER.balanceChanges, { query: {} }, '/api/users/me/balance-changes'],
      [PAYMENTS.search, { query: {} }, '/api/payment/transactions'],
      [PAYMENTS.get, { params: { id: paymentId } }, `/api/payment/transactions/${paymentId}`],
      [TOKEN_TRANSACTIONS.myPurchases, { query: { type: 'video', limit: 5 } }, '/api/assets/my-purchase?type=video&limit=5'],
      [ORDERS.mineDetails, { query: {} }, '/api/orders/users/details/search'],
      [REACTIONS.videos, { query: { action: 'favourite' } }, '/api/reactions/videos?action=favourite'],
      [REACTIONS.galleries, { query: {} }, '/api/reactions/galleries'],
    ];
    const injected = vi.spyOn(h.app, 'inject');
    const visitors: Record<string, string>[] = [{}, { 'x-test-country': 'FR' }, { 'x-test-country': 'DE' }];
    for (const visitor of visitors) {
      for (const who of [null, token]) {
        const client = pageClient(h, ip, visitor, who);
        for (const [op, input, url] of calls) {
          injected.mockClear();
          const answer = await client.call(op, input).then(
            (ok) => ({ status: 200, body: ok }),
            // A refusal (the blocked country's 451) in the route's body.
            ({ failure: f }: ApiError) => ({ status: f.status, body: { statusCode: f.status, error: 'code' in f ? f.code : '', message: f.message } }),
          );
          expect(injected, 'no request through the API').not.toHaveBeenCalled();
          injected.mockClear();
          const headers = { ...visitor, ...(who ? { authorization: who } : {}) };
          const route = await h.app.inject({ method: op.method, url, headers, remoteAddress: ip, ...(input.body ? { payload: input.body } : {}) });
          expect(answer, `${url} ${JSON.stringify(visitor)} ${who ? 'member' : 'visitor'}`).toEqual({ status: route.statusCode, body: route.json() });
        }
      }
    }
    injected.mockRestore();
  });

  it("refuse what the route refuses, with the route's answer: malformed input, an unknown item", async () => {
    const client = pageClient(h, '203.0.113.9', {}, null);
    const cases: [Op, OpInput, string][] = [
      [SETTINGS.public, { query: { group: 'x'.repeat(80) } }, `/api/settings/public?group=${'x'.repeat(80)}`],
      [SETTINGS.keys, { body: { keys: [] } }, '/api/settings/keys'],
      [EVENTS.get, { params: { id: 'not-a-uuid' } }, '/api/event/not-a-uuid/view'],
      [EVENTS.get, { params: { id: '00000000-0000-4000-8000-000000000000' } }, '/api/event/00000000-0000-4000-8000-000000000000/view'],
      [EVENTS.search, { query: { limit: 'many' } }, '/api/event?limit=many'],
      [USERS.view, { params: { id: 'nobody-by-this-name' } }, '/api/users/view/nobody-by-this-name'],
      [USERS.search, { query: { limit: 'many' } }, '/api/users/search?limit=many'],
      // What the API refuses a visitor, a page refuses too: the stream of a video they have not bought.
      [VIDEOS.stream, { params: { id: LOCKED_VIDEO }, query: {} }, `/api/assets/videos/${LOCKED_VIDEO}/stream`],
      [VIDEOS.get, { params: { id: 'no-such-video' }, query: { countView: false } }, '/api/assets/videos/no-such-video?countView=false'],
      [COMMENTS.search, { query: { objectType: 'video', objectId: 'not-a-uuid' } }, '/api/comments/search?objectType=video&objectId=not-a-uuid'],
      [PAYMENTS.packages, { query: { limit: 0 } }, '/api/package/token/search?limit=0'],
    ];
    for (const [op, input, url] of cases) {
      const failure = await client.call(op, input).then(
        () => null,
        (err: ApiError) => err.failure,
      );
      const route = await h.app.inject({ method: op.method, url, ...(input.body ? { payload: input.body } : {}) });
      const body = route.json();
      expect(route.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(failure, url).toEqual({
        kind: 'server',
        status: route.statusCode,
        code: body.error,
        message: body.message,
        ...(body.fields ? { fields: body.fields } : {}),
      });
    }
  });

  it("answer who the member is (every member page asks) as the route does, and a visitor with the route's 401", async () => {
    const member = await createMember(h);
    const token = await login(h, member.username);
    const ip = '203.0.113.9';
    const injected = vi.spyOn(h.app, 'inject');
    const visitors: Record<string, string>[] = [{}, { 'x-test-country': 'FR' }];
    for (const visitor of visitors) {
      injected.mockClear();
      const me = await pageClient(h, ip, visitor, token).call(USERS.me, {});
      const refused = await pageClient(h, ip, visitor, null)
        .call(USERS.me, {}, { expect401: true })
        .then(
          () => null,
          (err: ApiError) => err.failure,
        );
      expect(injected, 'no request through the API').not.toHaveBeenCalled();
      const route = await h.app.inject({ url: '/api/users/me', headers: { ...visitor, authorization: token }, remoteAddress: ip });
      expect(me).toEqual(route.json());
      expect(me.data.username).toBe(member.username);
      const routeRefused = await h.app.inject({ url: '/api/users/me', headers: visitor, remoteAddress: ip });
      expect(routeRefused.statusCode).toBe(401);
      expect(refused).toEqual({ kind: 'unauthorized', status: 401, code: 'UNAUTHORIZED', message: routeRefused.json().message });
    }
    injected.mockRestore();
  });

  it("look a member's session up once for the reads of one render, and afresh after a call that may change it", async () => {
    const member = await createMember(h);
    const token = await login(h, member.username);
    const lookups = vi.spyOn(h.app.services.auth, 'authenticate');
    const render = inProcessTransport(h.app, '127.0.0.1', {});
    const as = { authorization: `Bearer ${token}` };
    const read = async (send = render, path = '/api/users/me') => (await send({ method: 'GET', url: `http://localhost${path}`, headers: as })).status;
    expect([await read(), await read(render, '/api/token-transactions/user/search'), await read()]).toEqual([200, 200, 200]);
    expect(lookups).toHaveBeenCalledTimes(1);
    // Another render looks it up for itself.
    expect(await read(inProcessTransport(h.app, '127.0.0.1', {}))).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(2);
    // A logout in the render ends the session: the render's next read does not find it.
    expect((await render({ method: 'POST', url: 'http://localhost/api/auth/logout', headers: as })).status).toBe(200);
    expect(await read()).toBe(401);
    lookups.mockRestore();
  });
});

describe("the back office's in-process calls", () => {
  const h = useApi();
  beforeAll(() => seedCatalogue(h));

  it("list, read and change a resource as its route does (audited, the pages' cache emptied), and refuse a member with the route's 403, never through the API", async () => {
    const admin = await login(h, (await createMember(h, { role: 'admin' })).username);
    const member = await login(h, (await createMember(h)).username);
    const page = (token: string) => adminCalls(pageClient(h, '127.0.0.1', {}, token));
    const route = (method: 'GET' | 'PATCH', url: string, token: string, payload?: object) =>
      h.app.inject({ method, url, headers: { authorization: token }, payload });
    const routeListed = (await route('GET', '/api/admin/videos?q=fjord&limit=5', admin)).json().data;
    const injected = vi.spyOn(h.app, 'inject');
    const listed = await page(admin).list('videos', { q: 'fjord', limit: 5 });
    const video = (await page(admin).get('videos', listed.data.data[0]!._id)).data;
    h.app.pageCache.set('/videos', { status: 200, headers: {}, body: Buffer.from('<h1>Videos</h1>') });
    const changed = (await page(admin).update('videos', video._id, { title: 'Fjord lights, retitled' })).data;
    const refused = await page(member)
      .list('videos')
      .then(
        () => null,
        (err: ApiError) => err.failure,
      );
    expect(injected, 'no request through the API').not.toHaveBeenCalled();
    injected.mockRestore();
    expect(listed.data).toEqual(routeListed);
    expect(changed).toEqual((await route('GET', `/api/admin/videos/${video._id}`, admin)).json().data);
    expect(changed.title).toBe('Fjord lights, retitled');
    expect(h.app.pageCache.size).toBe(0);
    const audit = (await route('GET', `/api/admin/audit?targetId=${video._id}`, admin)).json().data.data;
    expect(audit[0]).toMatchObject({ action: 'update', resource: 'videos', before: { title: video.title }, after: { title: 'Fjord lights, retitled' } });
    const routeRefused = await route('GET', '/api/admin/videos', member);
    expect(routeRefused.statusCode).toBe(403);
    expect(refused).toMatchObject({ status: 403, code: routeRefused.json().error, message: routeRefused.json().message });
  });
});

describe("the site's in-process calls of a rate-limited operation", () => {
  const h = useApi({ CONTACT_LIMIT_PER_HOUR: '3' });

  it("count with the API's requests from the same address, and past the limit answer the route's 429, never through the API", async () => {
    const ip = '198.51.100.7';
    const message = { name: 'Vera', email: 'vera@example.test', message: 'Hello there' };
    const route = () => h.app.inject({ method: 'POST', url: '/api/contact', payload: message, remoteAddress: ip });
    expect((await route()).statusCode).toBe(200);
    const injected = vi.spyOn(h.app, 'inject');
    const page = pageClient(h, ip, {}, null);
    const send = () =>
      page.call(CONTACT.send, { body: message }).then(
        (r) => r.data.message,
        (err: ApiError) => err.failure,
      );
    expect(typeof (await send())).toBe('string');
    expect(typeof (await send())).toBe('string');
    const refused = await send();
    expect(injected, 'no request through the API').not.toHaveBeenCalled();
    injected.mockRestore();
    const routeRefused = await route();
    expect(routeRefused.statusCode).toBe(429);
    expect(refused).toMatchObject({ status: 429, code: routeRefused.json().error });
    // Another address has its own count.
    expect(typeof (await pageClient(h, '198.51.100.8', {}, null).call(CONTACT.send, { body: message })).data.message).toBe('string');
  });
});

describe('TRUST_PROXY', () => {
  const h = useApi({ TRUSTED_COUNTRY_HEADER: '', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });

  it('trusts the address forwarded by a listed proxy, not by anyone else', async () => {
    await h.app.services.countryBlock.block('US');
    for (const proxy of ['127.0.0.1', '10.9.8.7']) {
      const forwarded = await h.app.inject({ url: '/api/country-block/check', remoteAddress: proxy, headers: { 'x-forwarded-for': '8.8.8.8' } });
      expect(forwarded.json().data).toEqual({ blocked: true, country: 'US' });
    }
    const spoofed = await h.app.inject({ url: '/api/country-block/check', remoteAddress: '81.2.69.142', headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(spoofed.json().data).toEqual({ blocked: false, country: 'GB' });
    await h.app.services.countryBlock.unblock('US');
  });
});

describe('trusted CDN country header', () => {
  const h = useApi({ TRUSTED_COUNTRY_HEADER: 'CF-IPCountry' });

  it('uses the header when the operator enabled it, else GeoIP', async () => {
    await h.app.services.countryBlock.block('FR');
    const withHeader = await h.app.inject({ url: '/api/country-block/check', remoteAddress: '127.0.0.1', headers: { 'cf-ipcountry': 'fr' } });
    expect(withHeader.json().data).toEqual({ blocked: true, country: 'FR' });
    const garbage = await h.app.inject({ url: '/api/country-block/check', remoteAddress: '81.2.69.142', headers: { 'cf-ipcountry': 'XX<script>' } });
    expect(garbage.json().data).toEqual({ blocked: false, country: 'GB' });
  });

  it('ignores the header when the operator did not enable it', async () => {
    const service = new CountryBlockService(h.database.db, await GeoIp.open(), null);
    expect(service.country({ ip: '127.0.0.1', headers: { 'cf-ipcountry': 'FR' } })).toBeNull();
  });
});

describe('health, docs and errors', () => {
  const h = useApi();

  it('GET /health reports the database and the version', async () => {
    const res = await h.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ status: 0, data: { status: 'ok', db: true, version: expect.any(String) } });
  });

  it('serves the OpenAPI document generated from the route schemas, and a browsable page', async () => {
    const doc = (await h.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/users/me', '/api/settings/public', '/api/country-block/check']));
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
    // Every error answer is the one shared ErrorBody, referenced rather than copied into each route and status.
    expect(doc.paths['/api/auth/login'].post.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    expect(doc.components.schemas.ErrorBody.required).toEqual(['statusCode', 'error', 'message']);
    expect(JSON.stringify(doc).split('stable machine-readable code').length).toBe(2);
    const page = await h.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('compiles each route schema at its first use, and every one of them compiles', async () => {
    const compilers = h.app.schemaCompilers;
    const before = compilers.waiting;
    expect(before).toBeGreaterThan(100);
    await h.app.inject({ url: '/api/settings/public' });
    expect(compilers.waiting).toBeLessThan(before);
    compilers.compileAll();
    expect(compilers.waiting).toBe(0);
  });

  it('unknown API routes are 404 with the contract body', async () => {
    const res = await h.app.inject({ url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'NOT_FOUND' });
  });

  it('a thrown error is a 500 with a generic message and a request id, never internals', async () => {
    const app = await buildApp(testConfig(), { database: h.database, realtime: false });
    app.get('/api/boom', async () => {
      throw new Error('relation "users" does not exist at SELECT password_hash');
    });
    const res = await app.inject({ url: '/api/boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 500, error: 'INTERNAL_ERROR', requestId: expect.any(String) });
    expect(body.message).toContain(body.requestId);
    expect(res.body).not.toMatch(/password_hash|relation|at SELECT|\.ts:/);
  });
});
