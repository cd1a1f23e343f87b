import { DetailQuery } from '../../../shared/contracts/catalogue.ts';
import { IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { Product, ProductSearchQuery } from '../../../shared/contracts/products.ts';
import { PRODUCTS } from '../../../shared/operations/products.ts';
import { operations } from '../../operations/define.ts';
import { SHARED_ANSWER, SHARED_ANSWER_UNCOUNTED } from '../../plugins/answer-cache.ts';
import type { App } from '../../types.ts';
import { visitorOf } from '../catalogue/views.ts';

export function productsOperations(app: App) {
  const products = app.services.products;
  return operations(PRODUCTS, {
    search: {
      operationId: 'products_search',
      summary: 'Products (type digital|physical)',
      tags: ['catalogue'],
      access: 'anyone',
      query: ProductSearchQuery,
      response: ListPayload(Product),
      errors: [400],
      route: SHARED_ANSWER,
      run: ({ query }, { viewer }) => products.search(query, viewer),
    },
    get: {
      operationId: 'products_get',
      summary: 'One product by _id or slug',
      tags: ['catalogue'],
      access: 'anyone',
      params: IdParams,
      query: DetailQuery,
      response: Product,
      errors: [404],
      route: SHARED_ANSWER_UNCOUNTED,
      run: ({ params, query }, ctx) => products.get(params.id, ctx.viewer, query.countView === false ? null : visitorOf(ctx)),
    },
  });
}
