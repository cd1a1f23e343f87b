import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import { downloads } from '../../stores/orders.ts';

/** Asks for a fresh, expiring link to a bought download and starts it (the file comes as an attachment). */
export default function DownloadButton({ productId, label = 'Download' }: { productId: string; label?: string }) {
  const state = downloads.of(useStore(downloads.$states), productId);
  const busy = state.status === 'loading';
  const left = state.status === 'ok' ? state.data.downloadsLeft - 1 : null;
  return (
    <span className="download">
      <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy} data-testid="download" onClick={() => void downloads.run(productId)}>
        {busy ? 'Preparing…' : label}
      </button>
      {state.status === 'error' && <small className="muted" role="status">{` ${messageOf(state.error)}`}</small>}
      {left !== null && <small className="muted" role="status">{` ${left} download${left === 1 ? '' : 's'} left.`}</small>}
    </span>
  );
}
