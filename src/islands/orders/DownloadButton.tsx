import { useState } from 'react';
import { api } from '../../client/api.ts';
import { ApiError } from '../../shared/api-client.ts';
import { GENERIC_ERROR } from '../../shared/messages.ts';

/** Asks for a fresh, expiring link to a bought download and starts it (the file comes as an attachment). */
export default function DownloadButton({ productId, label = 'Download' }: { productId: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  return (
    <span className="download">
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        aria-busy={busy}
        data-testid="download"
        onClick={async () => {
          setBusy(true);
          setNote(null);
          try {
            const { data } = await api.downloadLink(productId);
            window.location.assign(data.downloadLink);
            setNote(`${data.downloadsLeft - 1} download${data.downloadsLeft - 1 === 1 ? '' : 's'} left.`);
          } catch (err) {
            setNote(err instanceof ApiError ? err.message : GENERIC_ERROR);
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Preparing…' : label}
      </button>
      {note && <small className="muted" role="status">{` ${note}`}</small>}
    </span>
  );
}
