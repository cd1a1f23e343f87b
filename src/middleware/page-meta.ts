/**
 * What a page declares about itself: `export const meta: PageMeta = { requiresAuth: true }` in its frontmatter (an
 * endpoint, e.g. a back-office CSV export, exports it beside its `GET`).
 */
export interface PageMeta {
  /** Anonymous visitors are sent to /auth/login (unless `noRedirect`). */
  requiresAuth?: boolean;
  /** The back office: anonymous visitors go to /auth/login, members who are not admins get the 403 page. Never cached. */
  requiresAdmin?: boolean;
  /** With requiresAuth: render anyway (the page shows its own anonymous state) instead of redirecting. */
  noRedirect?: boolean;
  /** Shown even in maintenance mode (the login pages, so operators can get in). */
  availableInMaintenance?: boolean;
  /** false: never cache this page, even for anonymous visitors (default: anonymous 200s are public). */
  cache?: boolean;
  /**
   * The page renders the same HTML for visitors and members (lists, the home page): it is rendered as for a visitor
   * whoever asks (no member, no token on its API calls), so the one cached copy serves members too; their personal
   * parts (the header's member corner, cart, lock badges) come from the client. Not while maintenance mode is on,
   * when an admin's page is their own.
   */
  shared?: boolean;
}

// Every page, and the back office's and the account's endpoints (each of which must export its `meta`).
const modules = import.meta.glob<PageMeta>(['../pages/**/*.astro', '../pages/admin/**/*.ts', '../pages/account/**/*.ts'], { import: 'meta', eager: true });

/** Route pattern (`/account/[id]`) → the meta its page exports. */
const byPattern = new Map<string, PageMeta>(
  Object.entries(modules).map(([file, meta]) => {
    const pattern =
      file
        .replace(/^\.\.\/pages/, '')
        .replace(/\.(astro|ts)$/, '')
        .replace(/\/index$/, '') || '/';
    return [pattern, meta ?? {}];
  }),
);

export function pageMeta(routePattern: string): PageMeta {
  return byPattern.get(routePattern) ?? {};
}
