import { Type } from 'typebox';
import { IdParams, ListPayload, UuidParams } from '../../../shared/contracts/common.ts';
import { DownloadLink, Order, OrderFile, OrderSearchQuery, OrderUpdateBody, OrderWithBuyer } from '../../../shared/contracts/orders.ts';
import { ORDERS } from '../../../shared/operations/orders.ts';
import { operations, type ErrorStatus, type OperationSpec } from '../../operations/define.ts';
import type { ListResult } from '../../../shared/api-client.ts';
import { requireAdminSecondFactor, requireAdminSession } from '../../plugins/auth.ts';
import type { App } from '../../types.ts';

const errors: ErrorStatus[] = [400, 401, 403, 404];

/**
 * The admin's order calls check the session after the input (a member's rule, then 403 for a member who is not an
 * admin, in the handler), as they always have: not the back office's admin rule, which refuses before the input.
 */
export function ordersOperations(app: App) {
  const orders = app.services.orders;
  // Two addresses of SPEC.md for the member's own orders, answered alike.
  const mine: Omit<OperationSpec<{ query: OrderSearchQuery }, ListResult<OrderWithBuyer>>, 'operationId' | 'summary'> = {
    tags: ['orders'],
    access: 'member',
    query: OrderSearchQuery,
    response: ListPayload(OrderWithBuyer),
    errors,
    run: ({ query }, { auth }) => orders.search(query, auth!.user.id),
  };
  return operations(ORDERS, {
    mine: { operationId: 'orders_mine', summary: "The member's orders, newest first", ...mine },
    mineDetails: { operationId: 'orders_mine_details', summary: "The member's orders with their details, newest first", ...mine },
    search: {
      operationId: 'orders_search',
      summary: 'Admin: every order, with its buyer',
      tags: ['orders'],
      access: 'member',
      query: OrderSearchQuery,
      response: ListPayload(OrderWithBuyer),
      errors,
      run: async ({ query }, { auth }) => {
        requireAdminSession(auth);
        await requireAdminSecondFactor(app, auth!);
        return orders.search(query, null);
      },
    },
    get: {
      operationId: 'orders_get',
      summary: 'One order (its buyer or an admin)',
      tags: ['orders'],
      access: 'member',
      params: UuidParams,
      response: OrderWithBuyer,
      errors,
      run: ({ params }, { viewer }) => orders.get(viewer!, params.id),
    },
    update: {
      operationId: 'orders_update',
      summary: 'Admin: delivery status and shipping code (the buyer is told live)',
      tags: ['orders'],
      access: 'member',
      params: UuidParams,
      body: OrderUpdateBody,
      response: Order,
      errors,
      run: async ({ params, body }, { auth }) => {
        requireAdminSession(auth);
        await requireAdminSecondFactor(app, auth!);
        return orders.update(params.id, body);
      },
    },
    confirmReceipt: {
      operationId: 'orders_confirm_receipt',
      summary: 'The buyer confirms receipt',
      tags: ['orders'],
      access: 'member',
      params: UuidParams,
      response: Order,
      errors: [...errors, 422],
      run: ({ params }, { viewer }) => orders.confirm(viewer!, params.id),
    },
    files: {
      operationId: 'orders_files',
      summary: 'Files attached to an order, with expiring download links',
      tags: ['orders'],
      access: 'member',
      params: UuidParams,
      response: Type.Array(OrderFile),
      errors,
      run: ({ params }, { viewer }) => orders.files(viewer!, params.id),
    },
    downloadLink: {
      operationId: 'products_download_link',
      summary: 'A signed, expiring link to a bought digital product (buyers only)',
      tags: ['orders'],
      access: 'member',
      params: IdParams,
      response: DownloadLink,
      errors,
      run: ({ params }, { viewer }) => orders.downloadLink(viewer!, params.id),
    },
  });
}
