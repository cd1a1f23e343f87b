import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { AdminMedia } from '../../shared/admin/resource.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { toFailure } from '../../shared/contracts/errors.ts';
import { mediaBrowser, pickFromLibrary, type MediaBrowser } from '../../stores/media-library.ts';
import MediaGrid from './MediaGrid.tsx';

/**
 * A picture field's "Choose from library": a modal dialog (the page behind is inert, Escape closes it) with the
 * library's pictures and search; choosing one sets the field as an upload of it would.
 */
/** Tab from the last control goes to the first, Shift+Tab from the first to the last: focus never leaves the dialog. */
function keepFocusIn(box: HTMLElement, e: KeyboardEvent<HTMLElement>) {
  const controls = [...box.querySelectorAll<HTMLElement>('button, input, select, a[href]')].filter((el) => !el.hasAttribute('disabled'));
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  }
}

export default function MediaPicker({
  label,
  onPick,
  pick = pickFromLibrary,
}: {
  label: string;
  onPick: (media: AdminMedia) => void;
  /** How a chosen file becomes what the caller takes: a form field's reference (default), or a rich text's picture. */
  pick?: (id: string) => Promise<AdminMedia>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [browser, setBrowser] = useState<MediaBrowser | null>(null);
  const [error, setError] = useState('');
  const id = useId();
  function open() {
    const fresh = mediaBrowser(undefined, { kind: 'image' });
    setBrowser(fresh);
    setError('');
    dialog.current?.showModal();
    void fresh.query({});
  }
  return (
    <>
      <button type="button" className="btn" onClick={open}>
        Choose from library
      </button>
      <dialog
        ref={dialog}
        className="modal media-picker"
        aria-labelledby={`${id}-title`}
        onKeyDown={(e) => {
          // Escape closes it from anywhere in it, the search field too (where it would only clear the text).
          if (e.key === 'Escape') {
            e.preventDefault();
            dialog.current?.close();
          } else if (e.key === 'Tab') keepFocusIn(dialog.current!, e);
        }}
      >
        <h2 id={`${id}-title`}>Choose {label.toLowerCase()} from the library</h2>
        {browser && (
          <MediaGrid
            browser={browser}
            kind="image"
            onChoose={async (asset) => {
              try {
                onPick(await pick(asset._id));
                dialog.current?.close();
              } catch (err) {
                setError(messageOf(toFailure(err)));
              }
            }}
          />
        )}
        {error && <p className="field-error">{error}</p>}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
