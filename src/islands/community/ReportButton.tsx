import { useRef, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { ReportBody, ReportTarget } from '../../shared/contracts/community.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $reportTypes, loadReportTypes, reports } from '../../stores/community.ts';
import { showToast } from '../../stores/toast.ts';

/** "Report": a dialog with the reasons (illegal content among them) and an optional note; one open report per item. */
export default function ReportButton({ targetType, targetId, compact = false }: { targetType: ReportTarget; targetId: string; compact?: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const types = useStore($reportTypes);
  const target = `${targetType}:${targetId}`;
  const report = reports.of(useStore(reports.$states), target);
  const busy = report.status === 'loading';
  // Sent, or already reported by this member (409): the button says so.
  const done = report.status === 'ok' || (report.status === 'error' && report.error.status === 409);
  const reasons = types.data ?? [];
  const ids = { title: `report-${targetId}`, note: `report-note-${targetId}` };

  async function open() {
    dialog.current?.showModal();
    await loadReportTypes();
  }
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const result = await reports.run(target, {
      targetType,
      targetId,
      type: String(form.get('type')) as ReportBody['type'],
      description: String(form.get('description') ?? ''),
    });
    showToast(result.ok ? 'Thank you. We will review your report.' : messageOf(result.error), result.ok ? 'success' : 'error');
    if (result.ok || result.error.status === 409) dialog.current?.close();
  }
  return (
    <>
      <button type="button" className={compact ? 'link-button' : 'reaction'} onClick={open} disabled={done} data-testid="report">
        {done ? 'Reported' : compact ? 'Report' : '⚑ Report'}
      </button>
      <dialog ref={dialog} className="modal" aria-labelledby={ids.title}>
        <form method="dialog" onSubmit={submit}>
          <h2 id={ids.title}>Report this {targetType === 'comment' ? 'comment' : 'item'}</h2>
          <fieldset className="report-types">
            <legend>What is wrong?</legend>
            {/* Nothing preselected: the member says what is wrong (the form cannot be sent without a choice). */}
            {reasons.map((t) => (
              <label key={t.key} className="radio">
                <input type="radio" name="type" value={t.key} required /> {t.text}
              </label>
            ))}
            {!reasons.length && <p>{types.status === 'error' ? messageOf(types.error) : 'Loading…'}</p>}
          </fieldset>
          <div className="field">
            <label htmlFor={ids.note}>Anything we should know? (optional)</label>
            <textarea id={ids.note} name="description" rows={3} maxLength={2000} />
          </div>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || !reasons.length}>
              {busy ? 'Sending…' : 'Send report'}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
