import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { refreshRegions } from '../../client/regions.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $orderUpdate, $ordersHeardSince, orderChangedSince, receipts } from '../../stores/orders.ts';
import { showToast } from '../../stores/toast.ts';

/**
 * On an order page: re-renders the order when its live `order_updated` arrives (and once the live connection has
 * joined the member's room, for news sent while it was connecting), and (for a physical order on its way) lets the
 * buyer confirm receipt.
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
  // The connection joined the member's room after this island appeared: news sent before that was missed, so the
  // page is re-rendered if the order changed meanwhile (the re-rendered order mounts this island again with the same
  // value, and the page stays as it is when nothing changed).
  const heardSince = useStore($ordersHeardSince);
  const joined = useRef(heardSince);
  useEffect(() => {
    if (heardSince === joined.current) return;
    joined.current = heardSince;
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
