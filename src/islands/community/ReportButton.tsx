import { useRef, useState, type SubmitEvent } from 'react';
import type { ReportBody, ReportTarget } from '../../shared/contracts/community.ts';
import { reportTypes, sendReport } from '../../stores/community.ts';
import { showToast } from '../../stores/toast.ts';

/** "Report": a dialog with the reasons (illegal content among them) and an optional note; one open report per item. */
export default function ReportButton({ targetType, targetId, compact = false }: { targetType: ReportTarget; targetId: string; compact?: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [types, setTypes] = useState<{ key: string; text: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function open() {
    dialog.current?.showModal();
    if (!types.length) setTypes(await reportTypes());
  }
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    const result = await sendReport({
      targetType,
      targetId,
      type: String(form.get('type')) as ReportBody['type'],
      description: String(form.get('description') ?? ''),
    });
    setBusy(false);
    showToast(result.ok ? 'Thank you. We will review your report.' : result.message, result.ok ? 'success' : 'error');
    if (result.ok || result.status === 409) {
      setDone(true);
      dialog.current?.close();
    }
  }
  return (
    <>
      <button type="button" className={compact ? 'link-button' : 'reaction'} onClick={open} disabled={done} data-testid="report">
        {done ? 'Reported' : compact ? 'Report' : '⚑ Report'}
      </button>
      <dialog ref={dialog} className="modal" aria-labelledby={`report-${targetId}`}>
        <form method="dialog" onSubmit={submit}>
          <h2 id={`report-${targetId}`}>Report this {targetType === 'comment' ? 'comment' : 'item'}</h2>
          <fieldset className="report-types">
            <legend>What is wrong?</legend>
            {/* Nothing preselected: the member says what is wrong (the form cannot be sent without a choice). */}
            {types.map((t) => (
              <label key={t.key} className="radio">
                <input type="radio" name="type" value={t.key} required /> {t.text}
              </label>
            ))}
            {!types.length && <p>Loading…</p>}
          </fieldset>
          <div className="field">
            <label htmlFor={`report-note-${targetId}`}>Anything we should know? (optional)</label>
            <textarea id={`report-note-${targetId}`} name="description" rows={3} maxLength={2000} />
          </div>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || !types.length}>
              {busy ? 'Sending…' : 'Send report'}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
