import type { ListResult } from '../api-client.ts';
import type { DetailQuery } from '../contracts/catalogue.ts';
import type { Product, ProductSearchQuery } from '../contracts/products.ts';
import { op } from './operation.ts';

export const PRODUCTS = {
  search: op<{ query: ProductSearchQuery }, ListResult<Product>>('GET', '/assets/products/search'),
  get: op<{ params: { id: string }; query: DetailQuery }, Product>('GET', '/assets/products/:id'),
};
