import { atom, onMount } from 'nanostores';
import { api } from '../client/api.ts';
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

/** "I received it", per order (offered once the order is on its way). */
export const receipts = requestFamily((orderId: string) => payload(api.confirmOrder(orderId)));

/** A fresh, expiring link to a bought download, per product; the browser then starts the download. */
export const downloads = requestFamily(async (productId: string) => {
  const data = await payload(api.downloadLink(productId));
  navigation.go(data.downloadLink);
  return data;
});

onResetAll(() => $orderUpdate.set(null));
