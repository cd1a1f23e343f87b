/** The routes SPEC.md §2 fixes. */
export const HOME_ROUTE = '/';
/** Login page; target after logout and for a visit to a page requiring login. */
export const LOGIN_ROUTE = '/auth/login';
/** The login page, coming back to `next` (a path of this site) once logged in. */
export const loginHref = (next: string): string => `${LOGIN_ROUTE}?next=${encodeURIComponent(next)}`;
/** Where the browser goes when a call answers 401. */
export const UNAUTHORIZED_ROUTE = '/login';

/** The catalogue's page routes; detail pages use the item's slug. */
export const CATALOGUE_ROUTES = {
  video: '/videos',
  gallery: '/galleries',
  story: '/stories',
  post: '/posts',
  product: '/store',
} as const;
export type CatalogueKind = keyof typeof CATALOGUE_ROUTES;
export const itemRoute = (kind: CatalogueKind, slug: string): string => `${CATALOGUE_ROUTES[kind]}/${encodeURIComponent(slug)}`;

/** What has a public share picture: every catalogue kind and the banners. */
export const SHARE_KINDS = ['video', 'gallery', 'story', 'post', 'product', 'banner'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];
/** The share picture: a 1200×630 JPEG (blurred while the item is priced), the same for every viewer. */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;
/** Its stable, unsigned address (og:image, twitter:image, JSON-LD); by `_id`, so that a new slug keeps it. */
export const shareImageRoute = (kind: ShareKind, id: string): string => `/share/${kind}/${encodeURIComponent(id)}.jpg`;
export const categoryRoute = (slug: string): string => `/categories/${encodeURIComponent(slug)}`;
export const searchRoute = (q: string): string => `/search?q=${encodeURIComponent(q)}`;

/** The picture of a member who has none (SPEC.md §3): a public file. */
export const DEFAULT_AVATAR = '/images/avatar-placeholder.svg';

export const TOKENS_ROUTE = '/tokens';
export const CART_ROUTE = '/cart';
export const PAYMENT_SUCCESS_ROUTE = '/payment/success';
export const PAYMENT_CANCEL_ROUTE = '/payment/cancel';
export const ACCOUNT_TOKENS_ROUTE = '/account/tokens';
export const ACCOUNT_ORDERS_ROUTE = '/account/orders';
/** The member's second factor (and, later, passkeys and devices): issue 36. */
export const ACCOUNT_SECURITY_ROUTE = '/account/security';
export const orderRoute = (id: string): string => `${ACCOUNT_ORDERS_ROUTE}/${encodeURIComponent(id)}`;

/** Accounts and community. */
export const REGISTER_ROUTE = '/auth/register';
export const FORGOT_PASSWORD_ROUTE = '/auth/forgot-password';
export const RESET_PASSWORD_ROUTE = '/auth/reset-password';
export const VERIFY_EMAIL_ROUTE = '/auth/verify-email';
/** Where the link mailed to a new address leads: the change is made there. */
export const CONFIRM_EMAIL_ROUTE = '/auth/confirm-email';
export const RESEND_VERIFICATION_ROUTE = '/auth/resend-verification';
export const ACCOUNT_ROUTE = '/account';
/** "Download my data", and each export's download (the mailed link, with its key). */
export const ACCOUNT_DATA_ROUTE = '/account/data';
export const dataExportRoute = (id: string, key: string): string => `${ACCOUNT_DATA_ROUTE}/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`;
export const CONTACT_ROUTE = '/contact';
export const EVENTS_ROUTE = '/events';
export const eventRoute = (id: string): string => `${EVENTS_ROUTE}/${encodeURIComponent(id)}`;
export const memberRoute = (username: string): string => `/members/${encodeURIComponent(username)}`;
