import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { MailTemplate } from '../../shared/contracts/mail-templates.ts';
import type { MailWording } from '../../shared/mail-kinds.ts';
import { $mailPreview, $mailReset, $mailSave, $mailTest } from '../../stores/admin-mails.ts';
import { showToast } from '../../stores/toast.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import Field from '../forms/Field.tsx';
import { focusFirstError, formErrors } from '../forms/validate.ts';
import { useUnsavedWarning } from '../use-unsaved-warning.ts';

type Name = keyof MailWording;
const NAMES: Name[] = ['subject', 'body', 'actionLabel', 'smallPrint'];
/** How long typing pauses before the preview is asked again. */
const PREVIEW_PAUSE_MS = 400;

/**
 * One mail's words beside a live preview (the mail as a member gets it, with sample values): placeholders inserted
 * where the cursor was, a placeholder the mail does not know shown at its field before saving, "Send me a test",
 * switching an optional mail off, and going back to the default words.
 */
export default function MailEditor({ mail }: { mail: MailTemplate }) {
  const [values, setValues] = useState<MailWording>(mail.wording);
  const [enabled, setEnabled] = useState(mail.enabled);
  const [saved, setSaved] = useState(() => JSON.stringify({ ...mail.wording, enabled: mail.enabled }));
  const [customised, setCustomised] = useState(mail.customised);
  const lastField = useRef<Name>('body');
  const save = useStore($mailSave);
  const preview = useStore($mailPreview);
  const test = useStore($mailTest);
  const reset = useStore($mailReset);
  const dirty = JSON.stringify({ ...values, enabled }) !== saved;
  const saving = save.status === 'loading';
  // The preview's field errors show while typing; a save's, once it is tried.
  const fromPreview = formErrors(preview, {}, NAMES);
  const fromSave = formErrors(save, {}, [...NAMES, 'enabled']);
  const errorOf = (name: string) => fromSave.errorOf(name) ?? fromPreview.errorOf(name);
  useUnsavedWarning(dirty);

  const frameForm = useRef<HTMLFormElement>(null);
  // After a pause in typing: the subject and any field errors (JSON), and the mail itself posted into the frame.
  useEffect(() => {
    const timer = setTimeout(() => {
      void $mailPreview.run(mail.key, values);
      frameForm.current?.submit();
    }, PREVIEW_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [mail.key, values]);

  const change = (name: Name, value: string) => {
    if (save.status === 'error') $mailSave.reset();
    setValues((v) => ({ ...v, [name]: value }));
  };

  /** Puts `{{name}}` where the cursor was in the field last used, and goes back there. */
  const insert = (placeholder: string) => {
    const name = lastField.current;
    const el = document.getElementById(`mail-${name}`) as HTMLInputElement | HTMLTextAreaElement | null;
    const text = `{{${placeholder}}}`;
    const at = el?.selectionStart ?? values[name].length;
    const to = el?.selectionEnd ?? at;
    change(name, values[name].slice(0, at) + text + values[name].slice(to));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + text.length, at + text.length);
    });
  };

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = await $mailSave.run(mail.key, { ...values, enabled });
    if (!result.ok) return focusFirstError(e.currentTarget);
    setSaved(JSON.stringify({ ...result.data.wording, enabled: result.data.enabled }));
    setCustomised(true);
    showToast(`Saved. The next “${mail.title}” mail ${result.data.enabled ? 'says this' : 'is not sent'}.`, 'success');
  }

  async function onTest() {
    const result = await $mailTest.run(mail.key, values);
    showToast(result.ok ? result.data.message : messageOf(result.error), result.ok ? 'success' : 'error');
  }

  async function onReset() {
    if (!window.confirm(`Put back the default words of “${mail.title}”${mail.optional ? ' and switch it on' : ''}? Your words are lost.`)) return;
    const result = await $mailReset.run(mail.key);
    if (!result.ok) return showToast(messageOf(result.error), 'error');
    $mailSave.reset();
    setValues(result.data.wording);
    setEnabled(true);
    setSaved(JSON.stringify({ ...result.data.wording, enabled: true }));
    setCustomised(false);
    showToast('The default words are back.', 'success');
  }

  const field = (name: Name, label: string, hint: string, textarea = false) => {
    const common = {
      name,
      id: `mail-${name}`,
      label,
      hint,
      error: errorOf(name),
      value: values[name],
      onFocus: () => (lastField.current = name),
      'data-testid': `mail-${name}`,
    };
    return textarea ? (
      <Field {...common} textarea rows={name === 'body' ? 10 : 3} onChange={(e) => change(name, e.target.value)} />
    ) : (
      <Field {...common} onChange={(e) => change(name, e.target.value)} />
    );
  };

  return (
    <div className="admin-split">
      <form className="panel admin-section" onSubmit={onSubmit} noValidate aria-label={`Words of “${mail.title}”`}>
        {mail.optional && (
          <label className="checkbox">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} data-testid="mail-enabled" /> Send this mail
          </label>
        )}
        {errorOf('enabled') && <p className="field-error">{errorOf('enabled')}</p>}
        {field('subject', 'Subject', 'One line.')}
        {field('body', 'Text', 'Paragraphs are separated by an empty line. Links (https://…) become clickable.', true)}
        {mail.hasButton && field('actionLabel', 'Button', 'The words on the button; it opens the mail’s link.')}
        {field('smallPrint', 'Small print', 'Shown small, under the rest. May be empty.', true)}
        <h2 id="placeholders-title">Placeholders</h2>
        <p className="muted">Each is replaced by its value when the mail is sent. Click one to put it where the cursor is.</p>
        <ul className="admin-mail-placeholders" aria-labelledby="placeholders-title">
          {mail.placeholders.map((p) => (
            <li key={p.name}>
              <button type="button" className="btn-ghost" onClick={() => insert(p.name)} title={p.about} aria-label={`Insert {{${p.name}}}: ${p.about}`}>
                {`{{${p.name}}}`}
              </button>
            </li>
          ))}
        </ul>
        {fromSave.summary && <p className="field-error">{fromSave.summary}</p>}
        <div className="actions admin-save-bar">
          <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving} data-testid="mail-save">
            {saving ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="btn" onClick={onTest} disabled={test.status === 'loading'} data-testid="mail-test">
            Send me a test
          </button>
          {customised && (
            <button type="button" className="btn btn-ghost" onClick={onReset} disabled={reset.status === 'loading'} data-testid="mail-reset">
              Reset to default
            </button>
          )}
          {dirty && <span className="muted">Unsaved changes</span>}
        </div>
      </form>
      <section className="admin-mail-preview" aria-labelledby="preview-title" data-testid="mail-preview">
        <h2 id="preview-title">Preview</h2>
        <p className="admin-mail-subject">
          <span className="muted">Subject: </span>
          <strong data-testid="mail-preview-subject">{preview.data?.subject ?? '…'}</strong>
        </p>
        {preview.status === 'error' && <p className="field-error">Fix the fields on the left to see the mail.</p>}
        <form ref={frameForm} method="post" action={`/admin/mails/${mail.key}/preview`} target="mail-preview-frame" hidden>
          {NAMES.map((name) => (
            <input key={name} type="hidden" name={name} value={values[name]} />
          ))}
        </form>
        <iframe name="mail-preview-frame" title={`Preview of “${mail.title}” with sample values`} sandbox="" />
      </section>
    </div>
  );
}
