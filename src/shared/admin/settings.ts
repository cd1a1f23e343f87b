import { Type, type TObject, type TSchema } from 'typebox';
import { fieldsOf, type Field } from './resource.ts';

/**
 * The site's settings as the back office edits them: one schema (the API's body, the OpenAPI document and the form's
 * fields and labels all come from it), in sections. The server checks each value further with its rule
 * (server/modules/settings/setting-rules.ts: safe links, sanitised HTML, country codes …).
 */
const text = (title: string, maxLength: number, description?: string, extra: Record<string, unknown> = {}) =>
  Type.String({ title, maxLength, ...(description ? { description } : {}), ...extra });
const image = (title: string, description: string) => Type.String({ title, description, maxLength: 2000, 'x-kind': 'image' });

const MenuEntry = Type.Object(
  {
    title: Type.String({ title: 'Title', minLength: 1, maxLength: 60 }),
    path: Type.String({ title: 'Address', minLength: 1, maxLength: 2000 }),
    section: Type.Optional(Type.Union([Type.Literal('main'), Type.Literal('footer')])),
    isNewTab: Type.Optional(Type.Boolean({ title: 'Opens in a new tab' })),
  },
  { additionalProperties: false },
);

const properties = {
  siteName: text('Site name', 100, 'Shown in the header, page titles and mails.', { minLength: 1 }),
  logo: image('Logo', 'Square works best; shown at 32 px beside the name.'),
  favicon: image('Favicon', 'The browser tab’s icon; made 64 × 64 px.'),
  loginPlaceholderImage: image('Login picture', 'Beside the login and registration forms; also the placeholder picture.'),
  footerContent: text('Footer text', 5000, 'Simple HTML: paragraphs, bold, italics and links.', { 'x-kind': 'textarea' }),
  timeZone: text('Time zone', 64, 'The back office shows and takes times (publishing, gifts, the audit log) in it, e.g. Europe/Oslo, America/New_York or UTC.'),
  currency: text('Currency', 3, 'ISO 4217 code, e.g. USD, EUR, GBP.', { pattern: '^[A-Z]{3}$' }),
  currencySymbol: text('Currency symbol', 8, 'e.g. $, €, £.', { minLength: 1 }),
  tokenPrice: Type.Number({
    title: 'Token value',
    description: 'What one token is worth in the currency (e.g. 0.1); 0 states no money price.',
    minimum: 0,
    maximum: 1_000_000,
  }),
  metaDescription: text(
    'Default description',
    300,
    'Search engines show it for pages without a description of their own; empty: one made from the site name.',
    {
      'x-kind': 'textarea',
    },
  ),
  shareImage: image('Default share picture', 'Link previews show it for pages without a picture of their own; made 1200 × 630 px.'),
  gaCode: text('Google Analytics measurement id', 40, 'e.g. G-XXXXXXX; empty: no analytics.'),
  adminEmail: text('Admin e-mail', 254, 'Where contact-form messages go. Never shown on the site.', { 'x-kind': 'email' }),
  mailColour: text('Mail button colour', 7, 'The colour of the buttons in mails, e.g. #6d28d9; empty: the site’s purple. The words are under Mails.', {
    pattern: '^$|^#[0-9a-fA-F]{6}$',
  }),
  requireEmailVerification: Type.Boolean({ title: 'Members confirm their e-mail before buying' }),
  requireAdminTwoFactor: Type.Boolean({
    title: 'Admins use two-factor authentication',
    description: 'An admin without it is sent to set it up before the back office opens.',
  }),
  closureRefunds: Type.Boolean({
    title: 'Members closing their account may ask for a refund',
    description: 'Of their unused tokens; the request shows on their record under Members → Closing. Off: unused tokens are lost.',
  }),
  closedAccountComments: Type.Union([Type.Literal('keep'), Type.Literal('remove')], {
    title: 'Comments of closed accounts',
    description: 'What becomes of a member’s comments once their account is erased.',
    'x-labels': { keep: 'Kept, signed “Deleted member”', remove: 'Removed, with their replies' },
  }),
  recaptchaSiteKey: text('reCAPTCHA site key', 200, 'Public key of the captcha on registration, password reset and contact.'),
  recaptchaSecret: text('reCAPTCHA secret', 200, 'The captcha is on while a secret is set. Never shown again once saved.', { 'x-kind': 'secret' }),
  recaptchaVerifyUrl: text('reCAPTCHA verify address', 2000, 'Leave as it is for Google reCAPTCHA.', { 'x-kind': 'text' }),
  maintenanceMessage: text('Maintenance page text', 500, 'Empty: “… is down for scheduled maintenance. Please check back in a few minutes.”', {
    'x-kind': 'textarea',
  }),
  blockedMessage: text('Blocked-country page text', 500, 'Empty: the built-in sentence.', { 'x-kind': 'textarea' }),
  maintenanceMode: Type.Boolean({ title: 'Maintenance mode' }),
  menus: Type.Array(MenuEntry, { title: 'Menus', maxItems: 50 }),
} satisfies Record<string, TSchema>;

export type SettingKey = keyof typeof properties;

/** `PATCH /api/admin/settings`: any of the settings; the others are left as they are. */
export const SettingsPatch: TObject = Type.Object(Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, Type.Optional(schema)])), {
  additionalProperties: false,
});

/** Settings whose value is never sent back (the form only says whether one is set). */
export const SECRET_SETTINGS: readonly SettingKey[] = ['recaptchaSecret'];

/** The settings form's sections, in order (menus, maintenance mode and countries have pages of their own). */
export const SETTINGS_SECTIONS: { id: string; title: string; keys: SettingKey[] }[] = [
  { id: 'identity', title: 'Name and pictures', keys: ['siteName', 'logo', 'favicon', 'loginPlaceholderImage', 'footerContent'] },
  { id: 'commerce', title: 'Money and time', keys: ['currency', 'currencySymbol', 'tokenPrice', 'timeZone'] },
  { id: 'seo', title: 'Search engines and analytics', keys: ['metaDescription', 'shareImage', 'gaCode'] },
  {
    id: 'accounts',
    title: 'Accounts, mail and captcha',
    keys: [
      'adminEmail',
      'mailColour',
      'requireEmailVerification',
      'requireAdminTwoFactor',
      'closureRefunds',
      'closedAccountComments',
      'recaptchaSiteKey',
      'recaptchaSecret',
      'recaptchaVerifyUrl',
    ],
  },
  { id: 'pages', title: 'Page texts', keys: ['maintenanceMessage', 'blockedMessage'] },
];

/** The settings that take a picture upload (`POST /api/admin/settings/images/<key>`), and the picture made of it. */
export const IMAGE_SETTINGS = {
  logo: { width: 512, height: 512, fit: 'inside', format: 'webp' },
  favicon: { width: 64, height: 64, fit: 'cover', format: 'png' },
  loginPlaceholderImage: { width: 1600, height: 1600, fit: 'inside', format: 'webp' },
  shareImage: { width: 1200, height: 630, fit: 'cover', format: 'jpeg' },
} as const;
export type ImageSetting = keyof typeof IMAGE_SETTINGS;
export const isImageSetting = (key: string): key is ImageSetting => key in IMAGE_SETTINGS;

const FIELDS = new Map(fieldsOf(Type.Object(properties)).map((f) => [f.name, f]));

/** A setting's form field (its label, hint and kind). */
export const settingField = (key: SettingKey): Field => FIELDS.get(key)!;

/** The label of a setting, for sentences ("Site name must not be empty."). */
export const settingLabel = (key: string): string => FIELDS.get(key)?.label ?? key;

/** What the back office reads: every setting (secrets left empty) and which secrets are set. */
export interface AdminSettings {
  values: Record<string, unknown>;
  secretsSet: Record<string, boolean>;
}
