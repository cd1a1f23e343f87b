import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../client/api.ts';
import { refreshRegions } from '../../client/regions.ts';
import { ApiError } from '../../shared/api-client.ts';
import { $orderUpdate } from '../../stores/live.ts';
import { showToast } from '../../stores/toast.ts';

/** The last live update already re-rendered (the re-rendered page mounts this island again with the same update). */
let handled = 0;

/**
 * On an order page: re-renders the order when its live `order_updated` arrives, and (for a physical order on its
 * way) lets the buyer confirm receipt.
 */
export default function OrderLive({ orderId, canConfirm }: { orderId: string; canConfirm: boolean }) {
  const update = useStore($orderUpdate);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (update?.orderId !== orderId || update.at <= handled) return;
    handled = update.at;
    void refreshRegions();
  }, [update, orderId]);
  if (!canConfirm) return null;
  return (
    <button
      type="button"
      className="btn btn-primary"
      disabled={busy}
      aria-busy={busy}
      data-testid="confirm-receipt"
      onClick={async () => {
        setBusy(true);
        try {
          await api.confirmOrder(orderId);
          showToast('Thanks! The order is marked as delivered.', 'success');
          await refreshRegions();
        } catch (err) {
          showToast(err instanceof ApiError ? err.message : 'Could not confirm the order.', 'error');
          setBusy(false);
        }
      }}
    >
      I received it
    </button>
  );
}
