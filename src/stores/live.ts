import { atom } from 'nanostores';
import type { LiveStatus } from '../shared/socket-events.ts';
import { onResetAll } from './reset.ts';

/** Status of the live connection: initialized → connected / disconnected / failed / reconnecting. */
export const $liveStatus = atom<LiveStatus>('initialized');

export function setLiveStatus(status: LiveStatus): void {
  $liveStatus.set(status);
}

onResetAll(() => $liveStatus.set('initialized'));

/** The last `order_updated` the member received (order pages re-render the order when it is theirs). */
export const $orderUpdate = atom<{ orderId: string; deliveryStatus: string; at: number } | null>(null);
/** The last `payment_status_callback` (the payment pages follow it). */
export const $paymentUpdate = atom<{ redirectUrl: string; status: string; at: number } | null>(null);

onResetAll(() => {
  $orderUpdate.set(null);
  $paymentUpdate.set(null);
});
