import { useEffect, useId, useRef, type ReactNode, type SubmitEvent } from 'react';
import { createPortal } from 'react-dom';

/**
 * A modal dialog of the editor (a native <dialog>: focus kept inside, Escape closes): a title, fields, and a submit
 * button. Open while mounted; `onClose` when it is dismissed. Drawn at the end of the page, not inside the item's
 * form (a form may not hold another), and its submit stops there (React would hand it to the item's form too).
 */
export default function Dialog({
  title,
  submit,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submit?: string;
  busy?: boolean;
  onSubmit?: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);
  const send = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    e.stopPropagation();
    onSubmit?.();
  };
  return createPortal(
    // Only its own closing: React hands a dialog opened inside it (the media library's) its `close` too.
    <dialog ref={ref} className="modal rte-dialog" aria-labelledby={titleId} onClose={(e) => e.target === e.currentTarget && onClose()}>
      <form method="dialog" onSubmit={send} noValidate>
        <h2 id={titleId}>{title}</h2>
        {children}
        <p className="modal-actions">
          {submit && (
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
              {submit}
            </button>
          )}
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
        </p>
      </form>
    </dialog>,
    document.body,
  );
}
