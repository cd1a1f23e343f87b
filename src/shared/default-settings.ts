import type { PublicSettings } from './contracts/settings.ts';

/** The public settings a new database starts with (also the fallback for a missing key). */
export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  siteName: 'Tessera',
  logo: '/images/logo.svg',
  favicon: '/favicon.svg',
  menus: [
    { title: 'Home', path: '/', section: 'main' },
    { title: 'Videos', path: '/videos', section: 'main' },
    { title: 'Galleries', path: '/galleries', section: 'main' },
    { title: 'Stories', path: '/stories', section: 'main' },
    { title: 'Store', path: '/store', section: 'main' },
    { title: 'Events', path: '/events', section: 'footer' },
    { title: 'Contact', path: '/contact', section: 'footer' },
  ],
  footerContent: '© Tessera. Videos, galleries, stories and a shop, unlocked with tokens.',
  currency: 'USD',
  currencySymbol: '$',
  tokenPrice: 0,
  loginPlaceholderImage: '/images/login-placeholder.svg',
  gaCode: '',
  maintenanceMode: false,
  requireEmailVerification: false,
  recaptchaSiteKey: '',
  metaDescription: '',
  shareImage: '',
  maintenanceMessage: '',
  blockedMessage: '',
  timeZone: 'UTC',
};

/** Settings that never leave the server (`/settings/public` and `/settings/keys` leave them out). */
export const DEFAULT_PRIVATE_SETTINGS: Record<string, unknown> = {
  /** Where contact-form messages go (empty: MAIL_FROM's address). */
  adminEmail: '',
  /** The colour of the buttons in mails (empty: the site's accent, #6d28d9). */
  mailColour: '',
  /** reCAPTCHA-style verification is on when a secret is set. */
  recaptchaSecret: '',
  recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
  /** Admins must turn on a second factor before the back office opens (issue 36). */
  requireAdminTwoFactor: false,
  /** A member closing their account may ask for a refund of their unused tokens (the operator pays it outside the site). */
  closureRefunds: false,
  /** A closed account's comments: kept under "Deleted member", or removed with their replies. */
  closedAccountComments: 'keep',
};

/** Which group each known public key belongs to (`GET /settings/public?group=`). */
export const SETTING_GROUPS: Record<string, string> = {
  siteName: 'general',
  logo: 'general',
  favicon: 'general',
  menus: 'general',
  footerContent: 'general',
  loginPlaceholderImage: 'general',
  maintenanceMode: 'general',
  requireEmailVerification: 'account',
  recaptchaSiteKey: 'account',
  adminEmail: 'general',
  mailColour: 'general',
  recaptchaSecret: 'account',
  recaptchaVerifyUrl: 'account',
  requireAdminTwoFactor: 'account',
  closureRefunds: 'account',
  closedAccountComments: 'account',
  timeZone: 'general',
  currency: 'commerce',
  currencySymbol: 'commerce',
  tokenPrice: 'commerce',
  gaCode: 'analytics',
  metaDescription: 'seo',
  shareImage: 'seo',
  maintenanceMessage: 'pages',
  blockedMessage: 'pages',
};
