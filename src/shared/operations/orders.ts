import type { ListResult } from '../api-client.ts';
import type { DownloadLink, Order, OrderFile, OrderSearchQuery, OrderUpdateBody, OrderWithBuyer } from '../contracts/orders.ts';
import { op } from './operation.ts';

type Id = { params: { id: string } };

/** Orders (SPEC.md: /orders, /assets/products/{id}/download-link); attaching a file and the downloads stay routes (multipart, files). */
export const ORDERS = {
  mine: op<{ query: OrderSearchQuery }, ListResult<OrderWithBuyer>>('GET', '/orders/users/search'),
  mineDetails: op<{ query: OrderSearchQuery }, ListResult<OrderWithBuyer>>('GET', '/orders/users/details/search'),
  search: op<{ query: OrderSearchQuery }, ListResult<OrderWithBuyer>>('GET', '/orders/details/search'),
  get: op<Id, OrderWithBuyer>('GET', '/orders/details/:id'),
  update: op<Id & { body: OrderUpdateBody }, Order>('PUT', '/orders/:id/update'),
  confirmReceipt: op<Id, Order>('PUT', '/orders/:id/finish-confirm'),
  files: op<Id, OrderFile[]>('GET', '/orders/:id/files-info'),
  downloadLink: op<Id, DownloadLink>('GET', '/assets/products/:id/download-link'),
};

/** Routes, not operations (a multipart body; a file's bytes): their addresses, written only here. */
export const ORDERS_RAW = {
  attachFile: op<Id, OrderFile>('POST', '/orders/:id/files'),
  /** A product's file, by its signed and expiring link (the server writes the link, orders.service.ts). */
  download: op<Id, never>('GET', '/downloads/:id'),
};
