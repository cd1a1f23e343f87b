import type { AdminItem, AdminListQuery } from '../../../../shared/admin/resource.ts';
import type { OrderWithBuyer } from '../../../../shared/contracts/orders.ts';
import { invalid, unprocessable } from '../../../errors.ts';
import type { OrdersService } from '../../orders/orders.service.ts';
import { referenceLists } from '../../reference/reference-lists.ts';
import type { AdminAdapter } from '../admin-resource.ts';
import type { AdminUploads } from '../../media-library/uploads.ts';

/** How the back office shows an order: the contract's order, with its product, buyer and country named for the list. */
const itemOf = (o: OrderWithBuyer): AdminItem => ({
  ...o,
  product: typeof o.productInfo.name === 'string' ? o.productInfo.name : o.productId,
  buyer: o.buyer.username,
  buyerName: o.buyer.name,
  buyerEmail: o.buyer.email,
  countryName: o.country ? (referenceLists().countries.find((c) => c.code === o.country)?.name ?? o.country) : '',
});

/** What the list and the export ask for: the query's filters and search, as the service takes them. */
const searchOf = (query: AdminListQuery) => {
  const str = (key: string) => (typeof query[key] === 'string' ? (query[key] as string) : undefined);
  return {
    query: {
      q: query.q,
      sort: query.sortBy === 'oldest' ? ('asc' as const) : ('desc' as const),
      deliveryStatus: str('deliveryStatus') as OrderWithBuyer['deliveryStatus'] | undefined,
      productType: str('productType') as OrderWithBuyer['productType'] | undefined,
    },
    buyerId: str('buyerId') ?? null,
    scope: { productId: str('productId'), searchBuyers: true },
  };
};

const readOnly = () => unprocessable('Orders are made by checkouts and move by their verbs (ship, mark delivered, attach a file).');

/**
 * Every member's orders, through the same `OrdersService` as the public API: its list (with the back office's
 * buyer search and product filter) and the verbs, which check the order's state, tell the buyer (mail and live)
 * and are audited by the framework.
 */
export function ordersAdmin(orders: OrdersService, uploads: AdminUploads): AdminAdapter {
  const get = async (id: string): Promise<AdminItem> => ({ ...itemOf(await orders.find(id)), files: await orders.attachedFiles(id) });
  return {
    async list(query) {
      const search = searchOf(query);
      const { data, ...total } = await orders.search({ ...search.query, limit: query.limit, offset: query.offset }, search.buyerId, search.scope);
      return { data: data.map(itemOf), ...total };
    },
    async *listAllInBatches(query) {
      const search = searchOf(query);
      for await (const rows of orders.exportBatches(search.query, search.buyerId, search.scope)) yield rows.map(itemOf);
    },
    get,
    create: () => Promise.reject(readOnly()),
    update: () => Promise.reject(readOnly()),
    remove: () => Promise.reject(readOnly()),
    actions: {
      async ship(id, body) {
        await orders.ship(id, String(body.shippingCode ?? ''));
        return get(id);
      },
      async deliver(id) {
        await orders.deliver(id);
        return get(id);
      },
      async 'attach-file'(id, body) {
        const file = uploads.file(String(body.file ?? ''), 'download');
        if (!file) throw invalid({ file: 'Delivery file: upload the file again (this reference is unknown or has expired).' });
        await orders.attachFile(id, file);
        return get(id);
      },
    },
  };
}
