import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIOLATION_TYPES } from '../../src/shared/contracts/community.ts';
import { EVENT_END_BEFORE_START } from '../../src/shared/contracts/events.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call, idOf, multipart } from '../helpers/commerce.ts';
import { useSmtp } from '../helpers/smtp.ts';

const env: Record<string, string> = { LOGIN_LIMIT_PER_IP: '1000', CONTACT_LIMIT_PER_HOUR: '3' };
const sink = useSmtp(env);

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#38a' } })
    .png()
    .toBuffer();

describe('profile, reference lists, reports, contact, captcha, events', () => {
  const h = useApi(env);
  let token: string;
  let otherToken: string;
  let adminToken: string;
  let memberId: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    const m = await createMember(h, { name: 'Pat Profile', username: 'pat' });
    memberId = m.id;
    token = await login(h, 'pat');
    otherToken = await login(h, (await createMember(h, { username: 'olly' })).username);
    adminToken = await login(h, (await createMember(h, { role: 'admin', username: 'boss' })).username);
  });

  describe('profile', () => {
    it('updates name, username, bio, country, language, phone and gender; the new user comes back', async () => {
      const res = await call(h, 'PUT', '/api/users', {
        token,
        body: { name: ' Pat P. ', username: 'Pat.P', bio: 'Hello', country: 'gb', language: 'EN', phone: '+44 20 7946 0958', gender: 'non_binary' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: 'Pat P.',
        username: 'pat.p',
        bio: 'Hello',
        country: 'GB',
        language: 'en',
        phone: '+442079460958',
        gender: 'non_binary',
      });
      expect((await call(h, 'GET', '/api/users/me', { token })).body.data.username).toBe('pat.p');
      expect((await call(h, 'PUT', '/api/users', { token, body: { phone: null, country: null } })).body.data).toMatchObject({
        phone: null,
        country: null,
        bio: 'Hello',
      });
    });

    it('names every bad field, refuses a taken username with 409, and changes nothing', async () => {
      const bad = await call(h, 'PUT', '/api/users', {
        token,
        body: { name: ' ', username: '!!', country: 'XX', language: 'zz', phone: '12', gender: 'robot' },
      });
      expect(bad.status).toBe(400);
      for (const part of ['Name is required', 'Username must', 'Country must', 'Language must', 'Phone must', 'Gender must'])
        expect(bad.body.message).toContain(part);
      expect((await call(h, 'PUT', '/api/users', { token, body: { username: 'olly' } })).body).toMatchObject({ statusCode: 409, error: 'USERNAME_TAKEN' });
      expect((await call(h, 'PUT', '/api/users', { token, body: { balance: 1e6 } })).status).toBe(400);
      expect((await call(h, 'PUT', '/api/users', { body: { name: 'x' } })).status).toBe(401);
      expect((await call(h, 'GET', '/api/users/me', { token })).body.data).toMatchObject({ name: 'Pat P.', username: 'pat.p', balance: 0 });
    });

    it('uploads an avatar: re-encoded square WebP, public, the old file removed; non-images refused', async () => {
      const upload = async (file: Buffer, type = 'image/png') => {
        const form = await multipart('me.png', new Blob([new Uint8Array(file)], { type }));
        return h.app.inject({
          method: 'POST',
          url: '/api/users/avatar/upload',
          headers: { authorization: token, 'content-type': form.contentType },
          payload: form.payload,
        });
      };
      const first = (await upload(await png(800, 500))).json().data.avatar as string;
      expect(first).toMatch(/^\/media\/public\/avatars\/.+\.webp$/);
      const img = await h.app.inject({ method: 'GET', url: first });
      expect(img.statusCode).toBe(200);
      expect(img.headers['cache-control']).toContain('immutable');
      expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
      const second = (await upload(await png(300, 300))).json().data.avatar as string;
      expect(second).not.toBe(first);
      expect((await h.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
      const notImage = await upload(Buffer.from('%PDF-1.4 not an image'), 'image/png');
      expect(notImage.json()).toMatchObject({ statusCode: 400, error: 'NOT_AN_IMAGE' });
      expect((await call(h, 'GET', '/api/users/me', { token })).body.data.avatar).toBe(second);
      // Another member's avatar: admins only.
      const form = await multipart('a.png', new Blob([await png(64, 64)], { type: 'image/png' }));
      const byOther = await h.app.inject({
        method: 'POST',
        url: `/api/users/${memberId}/avatar/upload`,
        headers: { authorization: otherToken, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(byOther.statusCode).toBe(403);
      const byAdmin = await h.app.inject({
        method: 'POST',
        url: `/api/users/${memberId}/avatar/upload`,
        headers: { authorization: adminToken, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(byAdmin.json().data).toMatchObject({ _id: memberId });
    });

    it('search and view show public fields only', async () => {
      const found = await call(h, 'GET', '/api/users/search?q=pat');
      expect(found.body.data.total).toBe(1);
      expect(Object.keys(found.body.data.data[0]).sort()).toEqual(['_id', 'avatar', 'cover', 'name', 'username']);
      const byName = await call(h, 'GET', '/api/users/view/pat.p');
      const byId = await call(h, 'GET', `/api/users/view/${memberId}`);
      expect(byName.body.data).toEqual(byId.body.data);
      expect(byName.body.data).not.toHaveProperty('email');
      expect((await call(h, 'GET', '/api/users/view/nobody-here')).status).toBe(404);
      expect((await call(h, 'GET', '/api/users/search?q=%25')).body.data.total).toBe(0); // % is a character, not a wildcard
    });
  });

  it('reference lists come from the data packages, with long cache headers', async () => {
    const countries = await call(h, 'GET', '/api/countries/list');
    expect(countries.headers['cache-control']).toMatch(/max-age=86400/);
    expect(countries.body.data.length).toBeGreaterThan(240);
    expect(countries.body.data).toContainEqual({ code: 'DE', name: 'Germany' });
    const languages = (await call(h, 'GET', '/api/languages/list')).body.data;
    expect(languages).toContainEqual({ code: 'fr', name: 'French', nativeName: 'Français' });
    const phones = (await call(h, 'GET', '/api/phone-codes/list')).body.data;
    expect(phones).toContainEqual({ code: 'GB', name: 'United Kingdom', dialCode: '+44' });
    const extra = await call(h, 'GET', '/api/user-additional');
    expect(extra.body.data.genders.map((g: { key: string }) => g.key)).toContain('unspecified');
  });

  describe('violation reports', () => {
    it('lists the types (illegal content among them); one open report per member and item', async () => {
      const types = (await call(h, 'GET', '/api/violation-reports/types')).body.data;
      expect(types).toEqual(VIOLATION_TYPES.map((t) => ({ ...t })));
      expect(types).toContainEqual({ key: 'illegal_content', text: 'Illegal content' });
      const video = await idOf(h, 'video', 'desert-colour-drift');
      const body = { type: 'illegal_content', targetType: 'video', targetId: video, description: 'Please look' };
      const first = await call(h, 'POST', '/api/violation-reports', { token, body });
      expect(first.body.data).toMatchObject({ type: 'illegal_content', targetType: 'video', targetId: video, status: 'open' });
      expect((await call(h, 'POST', '/api/violation-reports', { token, body: { ...body, type: 'spam' } })).status).toBe(409);
      expect((await call(h, 'POST', '/api/violation-reports', { token: otherToken, body })).status).toBe(200);
      expect((await call(h, 'POST', '/api/violation-reports', { body })).status).toBe(401);
      expect((await call(h, 'POST', '/api/violation-reports', { token, body: { ...body, type: 'made_up' } })).status).toBe(400);
      expect((await call(h, 'POST', '/api/violation-reports', { token, body: { ...body, targetId: '00000000-0000-4000-8000-000000000000' } })).status).toBe(
        404,
      );
      const comment = (await call(h, 'POST', '/api/comments', { token: otherToken, body: { objectType: 'video', objectId: video, content: 'rude' } })).body
        .data;
      expect(
        (await call(h, 'POST', '/api/violation-reports', { token, body: { type: 'harassment', targetType: 'comment', targetId: comment._id } })).status,
      ).toBe(200);
    });
  });

  describe('contact', () => {
    it('mails the operator address from settings with Reply-To the sender; rate limited per address', async () => {
      await h.app.services.settings.set('adminEmail', 'owner@shop.test');
      const since = sink.messages.length;
      const res = await call(h, 'POST', '/api/contact', {
        body: { name: 'Vera Visitor', email: 'vera@visitor.test', message: 'Do you ship to Norway?\n<b>thanks</b>' },
      });
      expect(res).toMatchObject({ status: 200, body: { data: { success: true } } });
      const mail = await sink.waitFor('owner@shop.test', /Contact form: Vera Visitor/, { since });
      expect(mail.replyTo?.[0]?.address).toBe('vera@visitor.test');
      expect(mail.text).toContain('Do you ship to Norway?');
      expect(mail.html).toContain('&lt;b&gt;thanks&lt;/b&gt;');
      expect((await call(h, 'POST', '/api/contact', { body: { name: ' ', email: 'nope', message: ' ' } })).body.message).toMatch(
        /Name is required.*e-mail.*Message is required/,
      );
      expect((await call(h, 'POST', '/api/contact', { body: { name: 'V', email: 'v@v.test', message: 'again' } })).status).toBe(200);
      const limited = await call(h, 'POST', '/api/contact', { body: { name: 'V', email: 'v@v.test', message: 'and again' } });
      expect(limited.status).toBe(429);
      expect(await h.app.services.settings.getPublic()).not.toHaveProperty('adminEmail');
    });
  });

  describe('captcha', () => {
    let provider: http.Server;
    const seen: URLSearchParams[] = [];
    beforeAll(async () => {
      // A local server speaking the siteverify protocol: form-encoded secret + response, JSON {success}.
      provider = http.createServer((req, res) => {
        let raw = '';
        req.on('data', (c) => (raw += c));
        req.on('end', () => {
          const form = new URLSearchParams(raw);
          seen.push(form);
          const success = form.get('secret') === 'shh-secret' && form.get('response') === 'good-token';
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(success ? { success: true, hostname: 'localhost' } : { success: false, 'error-codes': ['invalid-input-response'] }));
        });
      });
      await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    });
    afterAll(async () => {
      await h.app.services.settings.set('recaptchaSecret', '');
      provider.close();
    });

    it('is off without a secret and says so; with one, register and forgot-password need a token the provider accepts', async () => {
      const off = await call(h, 'POST', '/api/re-captcha/verify', { body: { token: 'anything' } });
      expect(off.body.data).toMatchObject({ success: true, enabled: false, message: expect.stringContaining('off') });
      await h.app.services.settings.set('recaptchaVerifyUrl', `http://127.0.0.1:${(provider.address() as AddressInfo).port}/siteverify`);
      await h.app.services.settings.set('recaptchaSecret', 'shh-secret');
      expect((await call(h, 'POST', '/api/re-captcha/verify', { body: { token: 'good-token' } })).body.data).toEqual({ success: true, enabled: true });
      expect((await call(h, 'POST', '/api/re-captcha/verify', { body: { token: 'bad' } })).body.data).toEqual({ success: false, enabled: true });
      expect(seen.at(-1)?.get('secret')).toBe('shh-secret');
      const body = { name: 'Cap', username: 'captain', email: 'cap@x.test', password: 'captain-pass-1' };
      expect((await call(h, 'POST', '/api/auth/users/register', { body })).body).toMatchObject({ statusCode: 422, error: 'CAPTCHA_FAILED' });
      expect((await call(h, 'POST', '/api/auth/users/register', { body: { ...body, recaptchaToken: 'bad' } })).status).toBe(422);
      expect((await call(h, 'POST', '/api/auth/users/register', { body: { ...body, recaptchaToken: 'good-token' } })).status).toBe(200);
      expect((await call(h, 'POST', '/api/auth/users/forgot', { body: { email: 'cap@x.test' } })).status).toBe(422);
      expect((await call(h, 'POST', '/api/auth/users/forgot', { body: { email: 'cap@x.test', recaptchaToken: 'good-token' } })).status).toBe(200);
      expect(await h.app.services.settings.getPublic()).not.toHaveProperty('recaptchaSecret');
    });
  });

  describe('events', () => {
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    it('members create; anyone lists active upcoming events soonest first; only the creator or an admin edits and deletes', async () => {
      const later = await call(h, 'POST', '/api/event', { token, body: { title: 'Later meetup', startAt: at(10), endAt: at(10.1), location: 'Berlin' } });
      expect(later.body.data).toMatchObject({ title: 'Later meetup', location: 'Berlin', status: 'active', canEdit: true, creator: { username: 'pat.p' } });
      const soon = (await call(h, 'POST', '/api/event', { token: otherToken, body: { title: 'Soon', startAt: at(1), endAt: at(1.1) } })).body.data;
      await call(h, 'POST', '/api/event', { token, body: { title: 'Hidden', startAt: at(2), endAt: at(3), status: 'inactive' } });
      const listed = (await call(h, 'GET', '/api/event?limit=50')).body.data.data.filter((e: { title: string }) =>
        ['Soon', 'Later meetup', 'Hidden'].includes(e.title),
      );
      expect(listed.map((e: { title: string }) => e.title)).toEqual(['Soon', 'Later meetup']);
      expect(listed[0].canEdit).toBe(false);
      expect((await call(h, 'GET', '/api/event?mine=true', { token })).body.data.total).toBe(2);
      const id = later.body.data._id;
      expect((await call(h, 'GET', `/api/event/${id}/view`)).body.data.canEdit).toBe(false);
      expect((await call(h, 'PUT', `/api/event/${id}`, { token: otherToken, body: { title: 'Mine now', startAt: at(10), endAt: at(11) } })).status).toBe(403);
      expect(
        (await call(h, 'PUT', `/api/event/${id}`, { token, body: { title: 'Later meetup (moved)', startAt: at(11), endAt: at(12) } })).body.data.title,
      ).toBe('Later meetup (moved)');
      expect(
        (await call(h, 'PUT', `/api/event/${soon._id}`, { token: adminToken, body: { title: 'Soon (admin)', startAt: at(1), endAt: at(2) } })).status,
      ).toBe(200);
      expect((await call(h, 'DELETE', `/api/event/${soon._id}`, { token })).status).toBe(403);
      expect((await call(h, 'DELETE', `/api/event/${soon._id}`)).status).toBe(401);
      expect((await call(h, 'DELETE', `/api/event/${soon._id}`, { token: otherToken })).status).toBe(200);
      expect((await call(h, 'GET', `/api/event/${soon._id}/view`)).status).toBe(404);
    });

    it('needs a title and an end after the start', async () => {
      const bad = await call(h, 'POST', '/api/event', { token, body: { title: '  ', startAt: at(2), endAt: at(1) } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('Title is required.');
      expect(bad.body.message).toContain(EVENT_END_BEFORE_START);
      expect(bad.body.fields).toEqual({ title: 'Title is required.', endAt: EVENT_END_BEFORE_START });
      expect((await call(h, 'POST', '/api/event', { token, body: { title: 'x', startAt: 'tomorrow', endAt: at(1) } })).status).toBe(400);
      expect((await call(h, 'POST', '/api/event', { body: { title: 'x', startAt: at(1), endAt: at(2) } })).status).toBe(401);
      expect((await call(h, 'GET', '/api/event/not-an-id/view')).body).toMatchObject({ statusCode: 400, error: 'VALIDATION_ERROR' });
      expect((await call(h, 'GET', '/api/event/00000000-0000-4000-8000-000000000000/view')).status).toBe(404);
    });
  });
});
