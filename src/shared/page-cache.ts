/**
 * Whether the host's page cache may keep a page: decided by the site once the page is rendered
 * (middleware/cache-policy.ts) into `Astro.locals.pageCache`, read by the host (server/site/) after the render.
 */
export interface PageCachePolicy {
  /** A 200 rendered for a visitor in normal mode that did not opt out (`meta.cache`): kept, and served to visitors. */
  public: boolean;
  /** Rendered the same for visitors and members (`meta.shared`): served to members too. */
  shared: boolean;
}
