import type { AuthContext } from '../auth/auth.service.ts';

/** Who is looking: a member (maybe an admin) or nobody. */
export type Viewer = { id: string; isAdmin: boolean } | null;

export const viewerOf = (auth: AuthContext | null): Viewer => (auth ? { id: auth.user.id, isAdmin: auth.user.roles.includes('admin') } : null);

/**
 * THE access rule: may this viewer have the full item (stream, full-size photos, story text, download)? Free items:
 * everybody. Priced items: the members who bought them, and admins. Every surface (API payloads, pages, media links,
 * search, sitemap, feeds) decides through this function, by way of the mappers that call it.
 */
export function canView(viewer: Viewer, item: { isSale: boolean; price: number; isBought: boolean }): boolean {
  if (!item.isSale || item.price <= 0) return true;
  return item.isBought || viewer?.isAdmin === true;
}
