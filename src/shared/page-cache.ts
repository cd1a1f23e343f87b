/**
 * Set by the site on a page rendered the same for visitors and members (`meta.shared`, middleware/cache-policy.ts);
 * the host's page cache (server/plugins/site.ts) then keeps it for both, and drops the header.
 */
export const SHARED_PAGE_HEADER = 'x-shared-page';
