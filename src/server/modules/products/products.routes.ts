import { DetailQuery } from '../../../shared/contracts/catalogue.ts';
import { Envelope, ErrorBody, IdParams, ListPayload } from '../../../shared/contracts/common.ts';
import { Product, ProductSearchQuery } from '../../../shared/contracts/products.ts';
import { ok, type App } from '../../types.ts';
import { viewerOf } from '../catalogue/access.ts';
import { visitorOf } from '../catalogue/views.ts';
import { SHARED_ANSWER, SHARED_ANSWER_UNCOUNTED } from '../../plugins/answer-cache.ts';

export async function productsRoutes(app: App) {
  const products = app.services.products;
  app.get(
    '/assets/products/search',
    {
      ...SHARED_ANSWER,
      schema: {
        operationId: 'products_search',
        tags: ['catalogue'],
        summary: 'Products (type digital|physical)',
        querystring: ProductSearchQuery,
        response: { 200: Envelope(ListPayload(Product)), 400: ErrorBody },
      },
    },
    async (request) => ok(await products.search(request.query, viewerOf(request.auth))),
  );
  app.get(
    '/assets/products/:id',
    {
      ...SHARED_ANSWER_UNCOUNTED,
      schema: {
        operationId: 'products_get',
        tags: ['catalogue'],
        summary: 'One product by _id or slug',
        params: IdParams,
        querystring: DetailQuery,
        response: { 200: Envelope(Product), 404: ErrorBody },
      },
    },
    async (request) => ok(await products.get(request.params.id, viewerOf(request.auth), request.query.countView === false ? null : visitorOf(request))),
  );
}
