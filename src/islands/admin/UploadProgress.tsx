import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $adminUploads, pauseUpload, resumeUpload, type AdminUpload } from '../../stores/admin.ts';
import { sizeText } from './cell.ts';

/** What the bar says: its percentage and bytes, paused, reconnecting, then "Processing…" once all is sent. */
function statusOf(u: AdminUpload): string {
  const bytes = u.total !== undefined ? ` · ${sizeText(u.sent ?? 0)} of ${sizeText(u.total)}` : '';
  if (u.state === 'paused') return `Paused at ${u.percent} %${bytes}`;
  if (u.state === 'reconnecting') return `Connection lost, trying again… ${u.percent} %${bytes}`;
  if (u.state === 'offline') return `Offline: it carries on when the network is back. ${u.percent} %${bytes}`;
  return u.percent < 100 ? `${u.percent} %${bytes}` : 'Processing…';
}

/**
 * The files of one group being sent: a real progress bar each (with bytes for resumable uploads), then
 * "Processing…", or why a file was refused. With `controls`, a resumable upload has its Pause / Resume button.
 */
export default function UploadProgress({ group, controls = false }: { group: string; controls?: boolean }) {
  const uploads = Object.entries(useStore($adminUploads)).filter(([key]) => key.startsWith(`${group}/`));
  if (!uploads.length) return null;
  return (
    <div role="status" data-testid={`uploads-${group}`}>
      <ul className="upload-progress-list">
        {uploads.map(([key, u]) => (
          <li key={key} data-state={u.error ? 'error' : (u.state ?? 'uploading')}>
            <span className="upload-name">{u.name}</span>
            {u.error ? (
              <small className="field-error">{messageOf(u.error)}</small>
            ) : (
              <>
                <progress max={100} value={u.percent} aria-label={`Uploading ${u.name}`} />
                <small className="upload-status">{statusOf(u)}</small>
                {u.resumedFrom !== undefined && <small className="muted upload-resumed">Resuming from {u.resumedFrom} %</small>}
                {controls && u.state && (
                  <button
                    type="button"
                    className="btn upload-toggle"
                    onClick={() => (u.state === 'paused' ? resumeUpload(key) : pauseUpload(key))}
                    aria-label={`${u.state === 'paused' ? 'Resume' : 'Pause'} uploading ${u.name}`}
                  >
                    {u.state === 'paused' ? 'Resume' : 'Pause'}
                  </button>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
