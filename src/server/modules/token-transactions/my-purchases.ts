import type { Db } from '../../db/client.ts';
import type { SpendType } from '../../../shared/contracts/tokens.ts';
import type { ListResult } from '../../../shared/api-client.ts';
import type { CatalogueItem } from '../../../shared/cards.ts';
import type { Viewer } from '../catalogue/access.ts';
import { itemsByIds, type ItemConverters } from '../catalogue/items-by-ids.ts';
import type { TokenTransactionsService } from './token-transactions.service.ts';

/**
 * `GET /assets/my-purchase?type=`: the member's unlocked (or bought) items of one type, newest purchase first; with
 * `ids`, only those among them. An operator's grant among them carries `gift: { until }` (an ISO time, or null: for
 * good).
 */
export async function myPurchases(
  db: Db,
  services: ItemConverters & { tokenTransactions: Pick<TokenTransactionsService, 'entitlementIds'> },
  viewer: NonNullable<Viewer>,
  type: SpendType,
  page: { limit: number; offset: number; ids?: string[] },
): Promise<ListResult<CatalogueItem>> {
  const { ids, gifts, ...total } = await services.tokenTransactions.entitlementIds(viewer, type, page.limit, page.offset, page.ids);
  const items = await itemsByIds(db, services, viewer, type, ids);
  const data = items.map((item) => {
    const gift = gifts.get(item._id);
    return gift ? { ...item, gift: { until: gift.until?.toISOString() ?? null } } : item;
  });
  return { data, ...total };
}
