import { atom } from 'nanostores';
import type { LiveStatus } from '../shared/socket-events.ts';
import { onResetAll } from './reset.ts';

/** Status of the live connection: initialized → connected / disconnected / failed / reconnecting. */
export const $liveStatus = atom<LiveStatus>('initialized');

export function setLiveStatus(status: LiveStatus): void {
  $liveStatus.set(status);
}

onResetAll(() => $liveStatus.set('initialized'));

/** The comment rooms (commentKey) the live connection has confirmed it hears. */
export const $liveRooms = atom<string[]>([]);

export function setLiveRoom(key: string, hearing: boolean): void {
  const rooms = $liveRooms.get().filter((k) => k !== key);
  $liveRooms.set(hearing ? [...rooms, key] : rooms);
}

onResetAll(() => $liveRooms.set([]));

/** The last `order_updated` the member received (order pages re-render the order when it is theirs). */
export const $orderUpdate = atom<{ orderId: string; deliveryStatus: string; at: number } | null>(null);
/** The last `payment_status_callback` (the payment pages follow it). */
export const $paymentUpdate = atom<{ redirectUrl: string; status: string; at: number } | null>(null);

onResetAll(() => {
  $orderUpdate.set(null);
  $paymentUpdate.set(null);
});
