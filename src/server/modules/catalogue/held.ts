import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * Whether a member holds an item: bought it, or an operator's grant of free access that has not ended (db/schema.ts
 * `entitlements`). The one SQL of "holds" for the access rule (catalogue/access.ts): the viewer's `isBought` flag, a
 * hidden item kept for its holders, a gallery's photos. One probe of the member's unique key. `memberId`: a value or a
 * prepared statement's placeholder.
 */
export const heldBy = (memberId: string | Placeholder, kind: SQL | string, itemId: SQL): SQL<boolean> =>
  sql<boolean>`exists(select 1 from entitlements e where e.user_id = ${memberId} and e.item_type = ${kind} and e.item_id = ${itemId} and (e.expires_at is null or e.expires_at > now()))`;
