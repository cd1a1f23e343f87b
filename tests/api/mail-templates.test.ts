import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailTemplates } from '../../src/server/db/schema.ts';
import { MAIL_KEYS } from '../../src/shared/mail-kinds.ts';
import { createMember, login, useApi } from '../helpers/api.ts';
import { seedCatalogue } from '../helpers/catalogue.ts';
import { call, firstPackage, idOf } from '../helpers/commerce.ts';
import { useSmtp } from '../helpers/smtp.ts';

/** Mail the operator writes (issue 35, part 6): wording kept only when it is right, and the next mail carries it. */
describe('mail templates', () => {
  const env: Record<string, string> = {};
  const sink = useSmtp(env);
  const h = useApi(env);
  let admin: string;
  let adminEmail: string;
  beforeAll(async () => {
    await seedCatalogue(h);
    const a = await createMember(h, { role: 'admin' });
    adminEmail = a.email;
    admin = await login(h, a.username);
  });
  const save = (key: string, body: Record<string, unknown>) => call(h, 'PUT', `/api/admin/mail-templates/${key}`, { token: admin, body });
  const get = (key: string) => call(h, 'GET', `/api/admin/mail-templates/${key}`, { token: admin });
  const buyWallpaper = async (token: string) =>
    call(h, 'POST', '/api/token-transactions/products', {
      token,
      body: { products: [{ _id: await idOf(h, 'product', 'alpine-ridges-wallpaper-pack'), quantity: 1 }] },
    });

  it('lists every mail the site sends, each in its default wording and switched on', async () => {
    const res = await call(h, 'GET', '/api/admin/mail-templates', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.data.map((m: { key: string }) => m.key)).toEqual(MAIL_KEYS);
    expect(res.body.data.data.find((m: { key: string }) => m.key === 'order-placed')).toMatchObject({ optional: true, enabled: true, customised: false });
  });

  it('an edited order mail: the next order placed carries the new wording, in both parts', async () => {
    const wording = {
      subject: 'Order {{orderNumber}} is in, {{name}}!',
      body: 'Dear {{name}},\n\nWe got it: {{items}}.\n\nYou paid {{total}}.',
      actionLabel: 'Track it',
      smallPrint: 'Thanks from all of {{site}}.',
    };
    expect((await save('order-placed', wording)).status).toBe(200);

    const buyer = await createMember(h, { tokens: 500, name: 'Ida Buyer' });
    const placed = await buyWallpaper(await login(h, buyer.username));
    expect(placed.status).toBe(200);
    const orderNumber = placed.body.data.orders[0].orderNumber;
    const mail = await sink.waitFor(buyer.email, /is in/);
    expect(mail.subject).toBe(`Order ${orderNumber} is in, Ida Buyer!`);
    expect(mail.text).toContain('We got it: Alpine Ridges Wallpaper Pack.');
    expect(mail.text).toMatch(/You paid \d+ tokens\./);
    expect(mail.text).toContain('Track it: http');
    expect(mail.html).toContain('Dear Ida Buyer,');
    expect(mail.html).toContain('Thanks from all of Tessera.');
  });

  it('a placeholder the mail does not know, an empty subject, or switching off a mail members need: field errors, nothing kept', async () => {
    const before = (await get('verify-email')).body.data;
    const unknown = await save('verify-email', { ...before.wording, body: 'Hi {{firstName}}, click {{link}}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.body).toMatch(/this mail has no \{\{firstName\}\}/);
    const empty = await save('verify-email', { ...before.wording, subject: ' ' });
    expect(empty.body.fields).toEqual({ subject: 'Subject: fill this in.' });
    const off = await save('verify-email', { ...before.wording, enabled: false });
    expect(off.status).toBe(400);
    expect(off.body.fields.enabled).toMatch(/cannot be switched off/);
    expect((await call(h, 'PUT', '/api/admin/mail-templates/no-such-mail', { token: admin, body: before.wording })).status).toBe(404);
    expect(await h.database.db.$count(mailTemplates, eq(mailTemplates.key, 'verify-email'))).toBe(0);
  });

  it('an optional mail switched off is not sent; reset gives back the default wording, switched on, audited', async () => {
    const defaults = (await get('order-placed')).body.data.defaults;
    expect((await save('order-placed', { ...defaults, enabled: false })).body.data).toMatchObject({ enabled: false, customised: true });
    const buyer = await createMember(h, { tokens: 500 });
    expect((await buyWallpaper(await login(h, buyer.username))).status).toBe(200);
    await h.app.services.mailer.idle();
    expect(sink.messages.filter((m) => m.rcpt.includes(buyer.email))).toEqual([]);

    const reset = await call(h, 'DELETE', '/api/admin/mail-templates/order-placed', { token: admin });
    expect(reset.body.data).toMatchObject({ enabled: true, customised: false, wording: defaults });
    const actions = await h.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'mail-templates'), eq(auditLog.targetId, 'order-placed')));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['update', 'reset']));
  });

  it("previews a draft with sample values (the operator's markup shown as text), and mails the admin a test", async () => {
    const draft = { subject: 'Hello {{name}}', body: 'Hi {{name}} <script>alert(1)</script>', actionLabel: 'Go', smallPrint: '' };
    const preview = await call(h, 'POST', '/api/admin/mail-templates/welcome/preview', { token: admin, body: draft });
    expect(preview.status).toBe(200);
    expect(preview.body.data.subject).toBe('Hello Ada Lovelace');
    expect(preview.body.data.html).toContain('Hi Ada Lovelace &lt;script&gt;');
    expect(preview.body.data.html).not.toContain('<script>');
    expect(
      (await call(h, 'POST', '/api/admin/mail-templates/welcome/preview', { token: admin, body: { ...draft, subject: '{{nope}}' } })).body.fields.subject,
    ).toMatch(/no \{\{nope\}\}/);

    const test = await call(h, 'POST', '/api/admin/mail-templates/welcome/test', { token: admin, body: draft });
    expect(test.body.data.message).toContain(adminEmail);
    expect((await sink.waitFor(adminEmail, /^\[Test\] Hello Ada Lovelace$/)).text).toContain('Hi Ada Lovelace <script>alert(1)</script>');
    expect(await h.database.db.$count(mailTemplates, eq(mailTemplates.key, 'welcome'))).toBe(0);
  });

  it('the mails that were missing: a welcome once the address is confirmed, a receipt and a refund, a report’s outcome', async () => {
    const email = `newcomer-${Date.now()}@test.local`;
    await call(h, 'POST', '/api/auth/users/register', {
      body: { name: 'New Comer', email, username: `newcomer${Date.now() % 100000}`, password: 'a-long-password-123' },
    });
    const verify = await sink.waitFor(email, /Confirm your e-mail/);
    const token = new URL(/https?:\/\/\S+verify-email\?token=\S+/.exec(verify.text ?? '')![0]).searchParams.get('token');
    expect((await call(h, 'POST', '/api/auth/email-verification', { body: { token } })).status).toBe(200);
    expect((await sink.waitFor(email, /^Welcome to Tessera$/)).text).toContain('Hi New Comer,');

    const payer = await createMember(h, { name: 'Pay Er' });
    const payerToken = await login(h, payer.username);
    const pkg = await firstPackage(h);
    const { paymentId } = (await call(h, 'POST', '/api/payment/purchase-tokens', { token: payerToken, body: { packageId: pkg.id, gateway: 'test' } })).body
      .data;
    await call(h, 'POST', `/api/payment/test-gateway/${paymentId}/confirm`, { token: payerToken });
    const receipt = await sink.waitFor(payer.email, /receipt/);
    expect(receipt.text).toContain(`${pkg.tokens} tokens were added to your balance.`);
    expect(receipt.text).toContain(`Reference: ${paymentId}`);
    expect((await call(h, 'POST', `/api/admin/payments/${paymentId}/refund`, { token: admin, body: { reason: 'Asked by the member' } })).status).toBe(200);
    expect((await sink.waitFor(payer.email, /refunded/)).text).toMatch(/We refunded your payment .*: \$\d+\.\d\d goes back/);

    const reporter = await createMember(h, { name: 'Re Porter' });
    const video = await idOf(h, 'video', 'glass-blowing-masterclass');
    const reported = await call(h, 'POST', '/api/violation-reports', {
      token: await login(h, reporter.username),
      body: { type: 'copyright', targetType: 'video', targetId: video, description: 'This is mine.' },
    });
    await call(h, 'POST', `/api/admin/reports/${reported.body.data._id}/dismiss`, { token: admin, body: {} });
    expect((await sink.waitFor(reporter.email, /About your report/)).text).toContain(
      'Thank you for reporting a video. A moderator looked at it. It does not break the site rules',
    );
  });
});
