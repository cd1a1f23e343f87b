/** One domain of the API calls (shared/calls.ts). A member's orders, their files and a product's download. */
import type { ApiClient } from '../api-client.ts';
import type { OrderSearchQuery } from '../contracts/orders.ts';
import { ORDERS } from '../operations/orders.ts';

export const myOrders = (api: ApiClient, query: OrderSearchQuery = {}) => api.call(ORDERS.mineDetails, { query });
export const order = (api: ApiClient, id: string) => api.call(ORDERS.get, { params: { id } });
export const orderFiles = (api: ApiClient, id: string) => api.call(ORDERS.files, { params: { id } });
export const confirmOrder = (api: ApiClient, id: string) => api.call(ORDERS.confirmReceipt, { params: { id } });
export const downloadLink = (api: ApiClient, productId: string) => api.call(ORDERS.downloadLink, { params: { id: productId } });
