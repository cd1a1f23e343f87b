import { useState } from 'react';
import { navigation } from '../../client/navigation.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { removeFromLibrary } from '../../stores/media-library.ts';
import { flashToast } from '../../stores/toast.ts';

/** A library file's Delete: disabled, with the reason, while items use it; asks first, then back to the library. */
export default function MediaDelete({ id, name, usedBy }: { id: string; name: string; usedBy: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const used = usedBy > 0;
  return (
    <div className="media-delete">
      <button
        type="button"
        className="btn btn-ghost text-danger"
        disabled={used || busy}
        aria-describedby={used ? 'media-delete-why' : undefined}
        onClick={async () => {
          if (!confirm(`Delete “${name}” and its files? This cannot be undone.`)) return;
          setBusy(true);
          const result = await removeFromLibrary(id);
          setBusy(false);
          if (!result.ok) return setError(messageOf(result.error));
          flashToast(`“${name}” is deleted.`, 'success');
          navigation.go('/admin/media');
        }}
      >
        Delete
      </button>
      {used && (
        <small id="media-delete-why" className="muted">
          It cannot be deleted while {usedBy === 1 ? 'an item uses' : `${usedBy} items use`} it: replace it there first.
        </small>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
