import { atom, onMount } from 'nanostores';
import { client } from '../client/api.ts';
import * as ordersCalls from '../shared/calls/orders.ts';
import { navigation } from '../client/navigation.ts';
import { onLive } from './live.ts';
import { onResetAll } from './reset.ts';
import { payload, requestFamily } from './request.ts';
import { showToast } from './toast.ts';

/** The last `order_updated` the member heard (an order page re-renders its order when it is that one). */
export const $orderUpdate = atom<{ orderId: string; deliveryStatus: string; at: number } | null>(null);
onMount($orderUpdate, () =>
  onLive('order_updated', ({ orderId, deliveryStatus }) => {
    $orderUpdate.set({ orderId, deliveryStatus, at: Date.now() });
    showToast(`Order update: ${deliveryStatus}.`, 'info');
  }),
);

/**
 * When the member's live connection last joined their room (`auth/status`): that happens a moment after a page
 * appears (and again after each reconnect), and an `order_updated` sent before it is not heard, so an order page
 * checks then whether its order changed.
 */
export const $ordersHeardSince = atom<number>(0);
onMount($ordersHeardSince, () =>
  onLive('auth/status', ({ authenticated }) => {
    if (authenticated) $ordersHeardSince.set(Date.now());
  }),
);

/** Whether an order changed after the version a page shows (`updatedAt`): one read of the order. */
export async function orderChangedSince(orderId: string, updatedAt: string): Promise<boolean> {
  const order = await payload(ordersCalls.order(client(), orderId)).catch(() => null);
  return order !== null && order.updatedAt !== updatedAt;
}

/** "I received it", per order (offered once the order is on its way). */
export const receipts = requestFamily((orderId: string) => payload(ordersCalls.confirmOrder(client(), orderId)));

/** A fresh, expiring link to a bought download, per product; the browser then starts the download. */
export const downloads = requestFamily(async (productId: string) => {
  const data = await payload(ordersCalls.downloadLink(client(), productId));
  navigation.go(data.downloadLink);
  return data;
});

onResetAll(() => {
  $orderUpdate.set(null);
  $ordersHeardSince.set(0);
});
