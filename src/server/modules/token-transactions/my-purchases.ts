import type { Db } from '../../db/client.ts';
import type { Services } from '../../types.ts';
import type { SpendType } from '../../../shared/contracts/tokens.ts';
import type { ListResult } from '../../../shared/api-client.ts';
import type { CatalogueItem } from '../../../shared/cards.ts';
import type { Viewer } from '../catalogue/access.ts';
import { itemsByIds } from '../catalogue/items-by-ids.ts';

/** `GET /assets/my-purchase?type=`: the member's unlocked (or bought) items of one type, newest purchase first. */
export async function myPurchases(
  db: Db,
  services: Services,
  viewer: NonNullable<Viewer>,
  type: SpendType,
  limit: number,
  offset: number,
): Promise<ListResult<CatalogueItem>> {
  const { ids, total } = await services.tokenTransactions.entitlementIds(viewer, type, limit, offset);
  return { data: await itemsByIds(db, services, viewer, type, ids), total };
}
