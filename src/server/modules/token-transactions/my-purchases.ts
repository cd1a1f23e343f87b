import type { Db } from '../../db/client.ts';
import type { SpendType } from '../../../shared/contracts/tokens.ts';
import type { ListResult } from '../../../shared/api-client.ts';
import type { CatalogueItem } from '../../../shared/cards.ts';
import type { Viewer } from '../catalogue/access.ts';
import { itemsByIds, type ItemConverters } from '../catalogue/items-by-ids.ts';
import type { TokenTransactionsService } from './token-transactions.service.ts';

/**
 * `GET /assets/my-purchase?type=`: the member's unlocked (or bought) items of one type, newest purchase first; with
 * `ids`, only those among them.
 */
export async function myPurchases(
  db: Db,
  services: ItemConverters & { tokenTransactions: Pick<TokenTransactionsService, 'entitlementIds'> },
  viewer: NonNullable<Viewer>,
  type: SpendType,
  page: { limit: number; offset: number; ids?: string[] },
): Promise<ListResult<CatalogueItem>> {
  const { ids, ...total } = await services.tokenTransactions.entitlementIds(viewer, type, page.limit, page.offset, page.ids);
  return { data: await itemsByIds(db, services, viewer, type, ids), ...total };
}
