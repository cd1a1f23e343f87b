import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $adminUploads } from '../../stores/admin.ts';

/** The files of one group being sent: a real progress bar each, then "Processing…", or why a file was refused. */
export default function UploadProgress({ group }: { group: string }) {
  const uploads = Object.entries(useStore($adminUploads)).filter(([key]) => key.startsWith(`${group}/`));
  if (!uploads.length) return null;
  return (
    <div role="status" data-testid={`uploads-${group}`}>
      <ul className="upload-progress-list">
        {uploads.map(([key, u]) => (
          <li key={key}>
            <span className="upload-name">{u.name}</span>
            {u.error ? (
              <small className="field-error">{messageOf(u.error)}</small>
            ) : (
              <>
                <progress max={100} value={u.percent} aria-label={`Uploading ${u.name}`} />
                <small>{u.percent < 100 ? `${u.percent}%` : 'Processing…'}</small>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
