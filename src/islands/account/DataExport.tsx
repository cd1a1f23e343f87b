import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import type { DataExport as Export } from '../../shared/contracts/data-export.ts';
import { $dataExportRequest } from '../../stores/data-export.ts';

interface Props {
  /** The member's newest export when the page was written, or null. */
  latest: Export | null;
}

/** "Download my data": one button; the archive is written in the background and its link mailed. */
export default function DataExport({ latest }: Props) {
  const state = useStore($dataExportRequest);
  const busy = state.status === 'loading';
  const current = state.status === 'ok' ? state.data : latest;
  const running = current?.state === 'queued' || current?.state === 'running';
  return (
    <div className="panel" aria-labelledby="data-export-title">
      <h2 id="data-export-title">Download my data</h2>
      <p>
        A copy of everything we hold about you: your profile, comments, reactions and lists, purchases, orders with their addresses, token history, payments,
        the reports you filed and your pictures, in one zip file. We e-mail you a link when it is ready; it works for 24 hours, only while you are logged in.
      </p>
      {current && (
        <div className={`alert ${current.state === 'failed' ? 'alert-error' : 'alert-info'}`} role="status" data-testid="data-export-status">
          {current.message}
        </div>
      )}
      {state.status === 'error' && (
        <div className="alert alert-error" role="alert">
          {messageOf(state.error)}
        </div>
      )}
      <button type="button" className="btn btn-primary" disabled={busy || running} aria-busy={busy} onClick={() => void $dataExportRequest.run()}>
        {busy ? 'Asking…' : 'Download my data'}
      </button>
    </div>
  );
}
