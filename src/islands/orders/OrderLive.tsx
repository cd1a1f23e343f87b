import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { refreshRegions } from '../../client/regions.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $orderUpdate, $ordersHeardSince, orderChangedSince, receipts } from '../../stores/orders.ts';
import { showToast } from '../../stores/toast.ts';

/**
 * On an order page: re-renders the order when its live `order_updated` arrives (and catches up on news sent before it
 * could hear it), and (for a physical order on its way) lets the buyer confirm receipt.
 */
export default function OrderLive({ orderId, updatedAt, canConfirm }: { orderId: string; updatedAt: string; canConfirm: boolean }) {
  const update = useStore($orderUpdate);
  const receipt = receipts.of(useStore(receipts.$states), orderId);
  // Only news that arrived after this island appeared (the re-rendered order mounts it again, with the same news).
  const handled = useRef(update);
  useEffect(() => {
    if (!update || update === handled.current || update.orderId !== orderId) return;
    handled.current = update;
    void refreshRegions();
  }, [update, orderId]);
  // News sent before this island was listening, or before the connection had joined the member's room, is not heard:
  // so when the island appears, and each time the room is joined, the order is read once and the page re-rendered if
  // it changed since the version on screen (the re-rendered page mounts this island again, which then finds nothing).
  const heardSince = useStore($ordersHeardSince);
  useEffect(() => {
    void orderChangedSince(orderId, updatedAt).then((changed) => changed && refreshRegions());
  }, [heardSince, orderId, updatedAt]);
  if (!canConfirm) return null;
  const busy = receipt.status === 'loading' || receipt.status === 'ok';
  return (
    <button
      type="button"
      className="btn btn-primary"
      disabled={busy}
      aria-busy={busy}
      data-testid="confirm-receipt"
      onClick={async () => {
        const result = await receipts.run(orderId);
        showToast(result.ok ? 'Thanks! The order is marked as delivered.' : messageOf(result.error), result.ok ? 'success' : 'error');
        if (result.ok) await refreshRegions();
      }}
    >
      I received it
    </button>
  );
}
