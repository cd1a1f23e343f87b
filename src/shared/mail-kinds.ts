/**
 * Every mail the site sends, as the operator edits it (back office → Mails) and the server writes it
 * (server/modules/mail): its default wording, the placeholders it knows (with the sample the preview fills in) and
 * whether the operator may switch it off. The wording is plain text: `{{name}}` placeholders, paragraphs separated by
 * a blank line; a paragraph left empty by its placeholders is dropped (an order without a tracking code).
 */
export interface MailKind {
  title: string;
  /** Who gets it and when, for the back office. */
  when: string;
  /** May be switched off (a notice); the others carry a link or a decision the member must get. */
  optional: boolean;
  /** Placeholders beside `site` (every mail knows it): what each says, and the preview's sample. */
  placeholders: Record<string, { about: string; sample: string }>;
  /** The button's default words; absent: the mail has no button (its link, if any, is `{{link}}`). */
  action?: string;
  subject: string;
  body: string;
  smallPrint: string;
}

const name = { about: 'The member’s name', sample: 'Ada Lovelace' };
const link = (about: string, sample: string) => ({ about, sample });
const order = { about: 'The order’s number', sample: 'T-1042' };
const product = { about: 'The product', sample: 'Tessera mug' };
const orderPage = link('The order’s page', 'https://shop.example/account/orders/…');
const resetLink = link('The reset link', 'https://shop.example/auth/reset-password?token=…');
const minutes = { about: 'How long the link works', sample: '60' };
/** The small print of every mail about a member's order. */
const ORDER_SMALL_PRINT = 'You get this message because you ordered from us. Your orders are in your account.';

export const MAIL_KINDS = {
  'verify-email': {
    title: 'Confirm an e-mail address',
    when: 'To a new member, and to one who asks for the link again.',
    optional: false,
    placeholders: {
      name,
      link: link('The confirmation link', 'https://shop.example/auth/verify-email?token=…'),
      hours: { about: 'How long the link works', sample: '48' },
    },
    action: 'Confirm my e-mail address',
    subject: 'Confirm your e-mail address for {{site}}',
    body: 'Hi {{name}},\n\nPlease confirm that this is your e-mail address to finish setting up your {{site}} account.',
    smallPrint: 'The link works once and expires in {{hours}} hours. If you did not sign up, you can ignore this message.',
  },
  welcome: {
    title: 'Welcome',
    when: 'To a member once their e-mail address is confirmed.',
    optional: true,
    placeholders: { name, link: link('The site’s home page', 'https://shop.example/') },
    action: 'Visit {{site}}',
    subject: 'Welcome to {{site}}',
    body: 'Hi {{name}},\n\nYour e-mail address is confirmed and your account is ready. Browse the videos, galleries and stories, and buy tokens to unlock what you like.',
    smallPrint: 'You get this message once, because you created an account.',
  },
  'reset-password': {
    title: 'Reset a password',
    when: 'To a member who asked to reset their password.',
    optional: false,
    placeholders: { name, link: resetLink, minutes },
    action: 'Choose a new password',
    subject: 'Reset your {{site}} password',
    body: 'Hi {{name}},\n\nSomebody (hopefully you) asked to reset the password of your account.',
    smallPrint: 'The link works once and expires in {{minutes}} minutes. If you did not ask for it, ignore this message: your password stays as it is.',
  },
  'already-registered': {
    title: 'Sign-up with a known address',
    when: 'To a member when somebody tries to sign up again with their address.',
    optional: false,
    placeholders: { name, link: resetLink, minutes },
    action: 'Choose a new password',
    subject: 'You already have a {{site}} account',
    body: 'Hi {{name}},\n\nSomebody (hopefully you) tried to create a new {{site}} account with this e-mail address, which already has one.\n\nIf you forgot your password, choose a new one with the link below. If it was not you, ignore this message: nothing changed.',
    smallPrint: 'The link works once and expires in {{minutes}} minutes.',
  },
  'password-changed': {
    title: 'Password changed',
    when: 'To a member whose password was just changed.',
    optional: false,
    placeholders: { name, link: link('The login page', 'https://shop.example/auth/login') },
    action: 'Log in',
    subject: 'Your {{site}} password was changed',
    body: 'Hi {{name}},\n\nThe password of your account was just changed, and every other session was logged out.\n\nIf this was not you, reset your password now from the login page.',
    smallPrint: '',
  },
  'new-login': {
    title: 'Login from a new place',
    when: 'To a member logged in from an address they never used before (not on their first login).',
    optional: true,
    placeholders: {
      name,
      device: { about: 'The browser and system', sample: 'Firefox 133 on Android' },
      place: { about: 'The country of the address, as far as it is known', sample: 'Portugal' },
      time: { about: 'When (UTC)', sample: '29 Nov 2026, 16:05 UTC' },
      link: link('The security page (devices)', 'https://shop.example/account/security'),
    },
    action: 'See where I am logged in',
    subject: 'New login to your {{site}} account',
    body: 'Hi {{name}},\n\nYour account was just logged in to from {{device}} in {{place}} ({{time}}).\n\nIf this was you, there is nothing to do. If not, log that device out from your security page and change your password.',
    smallPrint: 'We tell you of every login from a place your account has not been used from before.',
  },
  'change-email': {
    title: 'Confirm a new e-mail address',
    when: 'To the new address a member asked for; their account keeps the old one until the link is opened.',
    optional: false,
    placeholders: {
      name,
      link: link('The confirmation link', 'https://shop.example/auth/confirm-email?token=…'),
      hours: { about: 'How long the link works', sample: '24' },
    },
    action: 'Use this address',
    subject: 'Confirm your new {{site}} e-mail address',
    body: 'Hi {{name}},\n\nYou asked to use this address for your {{site}} account. Open the link to confirm it. It works for {{hours}} hours.',
    smallPrint: 'If you did not ask for this, ignore this message: nothing changes.',
  },
  'email-change-notice': {
    title: 'E-mail change asked for',
    when: 'To the old address, when a member asks to change their e-mail address.',
    optional: false,
    placeholders: {
      name,
      newEmail: { about: 'The address asked for, partly hidden', sample: 'a***@example.com' },
      link: link('The account page', 'https://shop.example/account'),
    },
    action: 'Open my account',
    subject: 'Your {{site}} e-mail address is about to change',
    body: 'Hi {{name}},\n\nSomeone logged in to your account asked to change its e-mail address to {{newEmail}}. It changes only once the link mailed there is opened.\n\nIf this was not you, change your password now: that also ends every other session.',
    smallPrint: '',
  },
  'account-closing': {
    title: 'Account closing',
    when: 'To a member who asked to close their account: when it will be erased, and how to keep it.',
    optional: false,
    placeholders: {
      name,
      date: { about: 'The day the account is erased (UTC)', sample: '13 Dec 2026' },
      balance: { about: 'What happens to their unused tokens', sample: 'Your 40 unused tokens will be lost.' },
      link: link('The login page', 'https://shop.example/auth/login'),
    },
    action: 'Keep my account',
    subject: 'Your {{site}} account will be closed on {{date}}',
    body: 'Hi {{name}},\n\nYou asked us to close your account. On {{date}} we erase your profile, picture and addresses; what the law makes us keep (payments, orders, token history) stays without your name. {{balance}}\n\nChanged your mind? Log in before then and your account stays as it is.',
    smallPrint: 'If you did not ask for this, log in now and change your password.',
  },
  'order-placed': {
    title: 'Order placed',
    when: 'To a member after a checkout with products to ship or download.',
    optional: true,
    placeholders: {
      name,
      orderNumber: order,
      items: { about: 'What was ordered, one line each', sample: 'Tessera mug × 2\nArt print' },
      total: { about: 'What it cost, in tokens', sample: '120 tokens' },
      link: link('The member’s orders', 'https://shop.example/account/orders'),
    },
    action: 'See your orders',
    subject: 'Thank you for your order {{orderNumber}}',
    body: 'Hi {{name}},\n\nThank you for your order. We received it and will let you know when it is on its way.\n\n{{items}}\n\nPaid: {{total}}',
    smallPrint: ORDER_SMALL_PRINT,
  },
  'order-shipped': {
    title: 'Order shipped',
    when: 'To the buyer when an operator marks the order shipped.',
    optional: true,
    placeholders: {
      name,
      orderNumber: order,
      product,
      tracking: { about: '“Tracking code: …”, or nothing when there is none', sample: 'Tracking code: 1Z999AA10123456784' },
      link: orderPage,
    },
    action: 'See your order',
    subject: 'Your order {{orderNumber}} is on its way',
    body: 'Hi {{name}},\n\n{{product}} (order {{orderNumber}}) has been shipped.\n\n{{tracking}}\n\nOnce it has arrived, you can confirm receipt on the order page.',
    smallPrint: ORDER_SMALL_PRINT,
  },
  'order-delivered': {
    title: 'Order delivered',
    when: 'To the buyer when the order is marked delivered.',
    optional: true,
    placeholders: {
      name,
      orderNumber: order,
      product,
      link: orderPage,
    },
    action: 'See your order',
    subject: 'Your order {{orderNumber}} is delivered',
    body: 'Hi {{name}},\n\n{{product}} (order {{orderNumber}}) is marked as delivered.',
    smallPrint: ORDER_SMALL_PRINT,
  },
  'order-file': {
    title: 'File added to an order',
    when: 'To the buyer when an operator adds a file to a digital order.',
    optional: true,
    placeholders: {
      name,
      orderNumber: order,
      product: { about: 'The product', sample: 'Wallpaper pack' },
      fileName: { about: 'The file’s name', sample: 'wallpapers.zip' },
      link: orderPage,
    },
    action: 'See your order',
    subject: 'A file was added to your order {{orderNumber}}',
    body: 'Hi {{name}},\n\n{{fileName}} was added to {{product}} (order {{orderNumber}}). Download it from the order page.',
    smallPrint: ORDER_SMALL_PRINT,
  },
  'payment-receipt': {
    title: 'Payment receipt',
    when: 'To a member when a token purchase is paid.',
    optional: true,
    placeholders: {
      name,
      package: { about: 'The token package', sample: 'Starter pack' },
      tokens: { about: 'Tokens added', sample: '100' },
      amount: { about: 'What was paid', sample: '$9.99' },
      reference: { about: 'The payment’s reference', sample: 'pay_3f9a…' },
      link: link('The member’s balance history', 'https://shop.example/account'),
    },
    action: 'See your balance',
    subject: 'Your receipt from {{site}}',
    body: 'Hi {{name}},\n\nThank you for your payment. {{tokens}} tokens were added to your balance.\n\n{{package}}: {{amount}}\nReference: {{reference}}',
    smallPrint: 'Keep this message as your receipt.',
  },
  refund: {
    title: 'Refund',
    when: 'To a member when an operator refunds a payment.',
    optional: true,
    placeholders: {
      name,
      amount: { about: 'What is paid back', sample: '$9.99' },
      tokens: { about: 'Tokens taken off the balance', sample: '100' },
      reference: { about: 'The payment’s reference', sample: 'pay_3f9a…' },
    },
    subject: 'Your payment was refunded',
    body: 'Hi {{name}},\n\nWe refunded your payment {{reference}}: {{amount}} goes back to the card or account you paid with, and {{tokens}} tokens were taken off your balance.',
    smallPrint: 'Depending on your bank, the money can take a few days to show.',
  },
  'moderation-warning': {
    title: 'Warning from the moderators',
    when: 'To a member whose reported comment a moderator warned about.',
    optional: false,
    placeholders: {
      name,
      what: { about: 'What was reported', sample: 'your comment' },
      message: { about: 'The moderator’s words', sample: 'Please keep it civil.' },
    },
    subject: 'A warning from the {{site}} moderators',
    body: 'Hi {{name}},\n\nOther members reported {{what}}, and a moderator looked at it. They wrote:\n\n{{message}}',
    smallPrint: 'Please keep to the site rules. Repeated problems can end in the account being closed.',
  },
  'account-banned': {
    title: 'Account closed',
    when: 'To a member whose account a moderator closed.',
    optional: false,
    placeholders: { name, reason: { about: 'The moderator’s reason', sample: 'Repeated spam.' } },
    subject: 'Your {{site}} account is closed',
    body: 'Hi {{name}},\n\nA moderator closed your account; you have been logged out everywhere. The reason given:\n\n{{reason}}',
    smallPrint: 'If you think this is a mistake, answer through the contact form.',
  },
  'report-outcome': {
    title: 'Report outcome',
    when: 'To the member who reported something, once a moderator acted on it.',
    optional: true,
    placeholders: {
      name,
      what: { about: 'What they reported', sample: 'a comment' },
      outcome: { about: 'What the moderators did', sample: 'It was hidden from the site.' },
    },
    subject: 'About your report',
    body: 'Hi {{name}},\n\nThank you for reporting {{what}}. A moderator looked at it. {{outcome}}',
    smallPrint: 'Reports help keep {{site}} a good place. We do not say who reported what.',
  },
  'data-export': {
    title: 'Your data is ready',
    when: 'To a member whose “Download my data” archive has been written.',
    optional: false,
    placeholders: {
      name,
      link: link('The archive’s download link (works only for them, logged in)', 'https://shop.example/account/data/…?key=…'),
      hours: { about: 'How long the link works', sample: '24' },
    },
    action: 'Download my data',
    subject: 'Your {{site}} data is ready to download',
    body: 'Hi {{name}},\n\nThe copy of your data you asked for is ready: your profile, comments, reactions and lists, purchases, orders, token history, payments, the reports you filed and your pictures, in one zip file.',
    smallPrint:
      'The link works for {{hours}} hours, only while you are logged in to your account. If you did not ask for it, change your password: somebody may be using your account.',
  },
  contact: {
    title: 'Contact form message',
    when: 'To the operator (Settings → Admin e-mail) when a visitor writes through the contact form.',
    optional: false,
    placeholders: {
      name: { about: 'The sender’s name', sample: 'Grace Hopper' },
      email: { about: 'The sender’s address', sample: 'grace@example.com' },
      message: { about: 'Their message', sample: 'Hello! Do you ship to Canada?' },
    },
    subject: 'Contact form: {{name}}',
    body: '{{name}} <{{email}}> wrote through the contact form:\n\n{{message}}',
    smallPrint: 'Reply to this message to answer them.',
  },
} as const satisfies Record<string, MailKind>;

export type MailKey = keyof typeof MAIL_KINDS;
/** The values a mail needs: each of its placeholders (`site` is added by the mailer). */
export type MailValues<K extends MailKey> = Record<keyof (typeof MAIL_KINDS)[K]['placeholders'], string>;

export const MAIL_KEYS = Object.keys(MAIL_KINDS) as MailKey[];
export const isMailKey = (key: string): key is MailKey => Object.hasOwn(MAIL_KINDS, key);

/** A mail's wording as stored: the operator's, or the default. */
export interface MailWording {
  subject: string;
  body: string;
  /** The button's words ('' when the mail has no button). */
  actionLabel: string;
  smallPrint: string;
}

export const defaultWording = (key: MailKey): MailWording => {
  const kind: MailKind = MAIL_KINDS[key];
  return { subject: kind.subject, body: kind.body, actionLabel: kind.action ?? '', smallPrint: kind.smallPrint };
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
export const LIMITS: Record<keyof MailWording, number> = { subject: 200, body: 5000, actionLabel: 60, smallPrint: 1000 };
const LABELS: Record<keyof MailWording, string> = { subject: 'Subject', body: 'Text', actionLabel: 'Button', smallPrint: 'Small print' };

/**
 * What is wrong with a wording, per field, in the words the form shows: a placeholder the mail does not know, a brace
 * left open, an empty subject or body, a line break in the subject, a field too long.
 */
export function wordingProblems(key: MailKey, wording: MailWording): Partial<Record<keyof MailWording, string>> {
  const known = new Set(['site', ...Object.keys(MAIL_KINDS[key].placeholders)]);
  const problems: Partial<Record<keyof MailWording, string>> = {};
  for (const field of Object.keys(LABELS) as (keyof MailWording)[]) {
    const text = wording[field];
    const label = LABELS[field];
    if (text.length > LIMITS[field]) problems[field] = `${label}: at most ${LIMITS[field]} characters.`;
    else if ((field === 'subject' || field === 'body') && !text.trim()) problems[field] = `${label}: fill this in.`;
    else if (field === 'subject' && /[\r\n]/.test(text)) problems[field] = `${label}: one line only.`;
    else {
      const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((p) => !known.has(p));
      const left = text.replace(PLACEHOLDER, '');
      if (unknown.length) problems[field] = `${label}: this mail has no {{${unknown[0]}}}. It knows ${[...known].map((p) => `{{${p}}}`).join(', ')}.`;
      else if (/\{\{|\}\}/.test(left)) problems[field] = `${label}: a placeholder is not closed: write it as {{name}}.`;
    }
  }
  return problems;
}

/** The text with its placeholders filled (values are text; the HTML part escapes them with the rest). */
export const fill = (text: string, values: Record<string, string>): string => text.replace(PLACEHOLDER, (_, p: string) => values[p] ?? '');
