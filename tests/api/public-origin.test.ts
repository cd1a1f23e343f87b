import { afterAll, describe, expect, it } from 'vitest';
import { getConfig } from '../../src/server/config.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { firstPackage } from '../helpers/commerce.ts';
import { FakeStripe } from '../helpers/fake-stripe.ts';
import { linkIn, useSmtp } from '../helpers/smtp.ts';

/** What an attacker sends to make a victim's mail point at their own server; 127.0.0.1 is a trusted proxy below. */
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' };

const stripe = new FakeStripe();
await stripe.start();
afterAll(() => stripe.stop());

const base = { TRUST_PROXY: '127.0.0.1', STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url };

describe.each([
  ['PUBLIC_URL unset: the origin the server listens on', {}, 'http://localhost:4321'],
  ['PUBLIC_URL set', { PUBLIC_URL: 'https://shop.example/' }, 'https://shop.example'],
])('mailed and returned links, %s', (_name, extra, origin) => {
  const env: Record<string, string> = { ...base, ...extra };
  const sink = useSmtp(env);
  const h = useApi(env);

  it('a password-reset link requested with a forged Host and X-Forwarded-Host points to the configured origin', async () => {
    const member = await createMember(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/users/forgot',
      remoteAddress: '127.0.0.1',
      headers: FORGED,
      payload: { email: member.email },
    });
    expect(res.statusCode).toBe(200);
    const mail = await sink.waitFor(member.email, /reset/i);
    expect(linkIn(mail, '/auth/reset-password').origin).toBe(origin);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
  });

  it('verification and contact mail carry only the configured origin', async () => {
    const member = await createMember(h, { verifiedEmail: false });
    await h.app.inject({
      method: 'POST',
      url: '/api/auth/email-verification/resend',
      remoteAddress: '127.0.0.1',
      headers: FORGED,
      payload: { email: member.email },
    });
    const verify = await sink.waitFor(member.email, /Confirm your e-mail/);
    expect(linkIn(verify, '/auth/verify-email').origin).toBe(origin);

    await h.app.services.settings.set('adminEmail', 'owner@shop.test');
    const since = sink.messages.length;
    const sent = await h.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '127.0.0.1',
      headers: FORGED,
      payload: { name: 'Ann', email: 'ann@mail.test', message: 'Hello' },
    });
    expect(sent.statusCode).toBe(200);
    const contact = await sink.waitFor('owner@shop.test', /./, { since });
    expect(contact.html).toContain(`${origin}/images/logo.svg`);
    expect(`${contact.text}${contact.html}`).not.toContain('evil.example');
  });

  it('payment return links given to the provider are on the configured origin', async () => {
    await seedCatalogue(h);
    const token = await login(h, (await createMember(h)).username);
    const pkg = await firstPackage(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/payment/purchase-tokens',
      remoteAddress: '127.0.0.1',
      headers: { ...FORGED, authorization: token },
      payload: { packageId: pkg.id, gateway: 'stripe' },
    });
    expect(res.statusCode).toBe(200);
    const form = stripe.requests.at(-1)!.form;
    expect(new URL(form.get('success_url')!).origin).toBe(origin);
    expect(new URL(form.get('cancel_url')!).origin).toBe(origin);
  });
});

describe('safe defaults', () => {
  it('listens on this machine only unless HOST says otherwise', () => {
    expect(getConfig({}).host).toBe('127.0.0.1');
    expect(getConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('PUBLIC_URL must be an http(s) origin', () => {
    expect(getConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
    for (const bad of ['shop.example', 'ftp://shop.example', 'https://shop.example/store', 'https://shop.example/?a=1']) {
      expect(() => getConfig({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL/);
    }
  });
});
