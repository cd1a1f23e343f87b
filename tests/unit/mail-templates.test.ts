import { describe, expect, it } from 'vitest';
import { MAIL_KEYS, defaultWording, wordingProblems } from '../../src/shared/mail-kinds.ts';
import { compose, sampleValues } from '../../src/server/modules/mail/mail-templates.ts';

const brand = { siteName: 'Tessera', logoUrl: 'https://shop.example/logo.svg', colour: '#0f766e', origin: 'https://shop.example' };
const order = { name: 'Ada', orderNumber: 'T-1', product: 'Mug', link: 'https://shop.example/account/orders/1' };

/** The mails the operator words (issue 35, part 6): what a member reads, and what the operator may not write. */
describe('mail templates', () => {
  it('a mail carries its words in both parts, with the button on its link in the brand colour', async () => {
    const mail = await compose('order-shipped', defaultWording('order-shipped'), { ...order, tracking: 'Tracking code: 1Z9' }, brand);
    expect(mail.subject).toBe('Your order T-1 is on its way');
    expect(mail.text).toContain('Mug (order T-1) has been shipped.');
    expect(mail.text).toContain('See your order: https://shop.example/account/orders/1');
    expect(mail.html).toContain('Tracking code: 1Z9');
    expect(mail.html).toContain('href="https://shop.example/account/orders/1"');
    expect(mail.html).toContain('#0f766e');
    expect(mail.html).toMatch(/@media only screen and \(min-width:480px\)/);
  });

  it('a paragraph its placeholders left empty is dropped, not sent blank', async () => {
    const mail = await compose('order-shipped', defaultWording('order-shipped'), { ...order, tracking: '' }, brand);
    expect(mail.text).not.toContain('Tracking');
    expect(mail.text).toContain('has been shipped.\n\nOnce it has arrived');
  });

  it("an operator's markup and a member's name are text: no script, no broken layout", async () => {
    const wording = { ...defaultWording('welcome'), body: 'Hi {{name}}, <script>alert(1)</script></td></table><a href="javascript:x">x</a>' };
    const mail = await compose('welcome', wording, { name: '<img src=x onerror=alert(1)>', link: 'https://shop.example/' }, brand);
    expect(mail.html).not.toMatch(/<script|<img src=x|href="javascript/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;/td&gt;&lt;/table&gt;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('a placeholder the mail does not know is a field error, as is one left open', () => {
    const base = defaultWording('order-placed');
    expect(wordingProblems('order-placed', { ...base, body: 'Hi {{ name }}, thanks for {{orderNumber}} from {{site}}' })).toEqual({});
    expect(wordingProblems('order-placed', { ...base, body: 'Hi {{nmae}}' }).body).toMatch(
      /^Text: this mail has no \{\{nmae\}\}\. It knows \{\{site\}\}, \{\{name\}\}/,
    );
    expect(wordingProblems('order-placed', { ...base, subject: 'Order {{orderNumber}' }).subject).toBe(
      'Subject: a placeholder is not closed: write it as {{name}}.',
    );
    expect(wordingProblems('order-placed', { ...base, subject: '  ' }).subject).toBe('Subject: fill this in.');
    expect(wordingProblems('order-placed', { ...base, subject: 'Two\nlines' }).subject).toBe('Subject: one line only.');
  });

  it('every default wording is valid and writes a mail with its samples', async () => {
    for (const key of MAIL_KEYS) {
      expect(wordingProblems(key, defaultWording(key)), key).toEqual({});
      const mail = await compose(key, defaultWording(key), sampleValues(key), brand);
      expect(mail.text, key).not.toMatch(/\{\{|\}\}/);
    }
  });
});
