import { useState, type ReactNode, type SubmitEvent } from 'react';
import type { Outcome } from '../../stores/community.ts';
import Captcha from './Captcha.tsx';

export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'textarea';
  defaultValue?: string;
  autoComplete?: string;
  hint?: string;
}

interface Props {
  fields: FieldSpec[];
  submitLabel: string;
  busyLabel: string;
  /** Setting `recaptchaSiteKey` (empty: no captcha). */
  siteKey?: string;
  onSubmit: (values: Record<string, string>, captcha: string | undefined) => Promise<Outcome<{ message: string }>>;
  /** What to show instead of the form once it succeeded. */
  done?: (message: string) => ReactNode;
}

/** The auth and contact forms: labelled fields, the server's error above them, optional captcha, then a success panel. */
export default function AccountForm({ fields, submitLabel, busyLabel, siteKey = '', onSubmit, done }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const values = Object.fromEntries([...new FormData(e.currentTarget)].map(([k, v]) => [k, String(v)]));
    setBusy(true);
    setError(null);
    const result = await onSubmit(values, captcha ?? undefined);
    setBusy(false);
    if (result.ok) setSuccess(result.data.message);
    else setError(result.message);
  }

  if (success !== null)
    return (
      <div className="alert alert-success" role="status" data-testid="form-success">
        {done ? done(success) : success}
      </div>
    );
  return (
    <form onSubmit={submit} noValidate aria-describedby={error ? 'form-error' : undefined}>
      {error && (
        <div className="alert alert-error" id="form-error" role="alert">
          {error}
        </div>
      )}
      {fields.map((f) => (
        <div className="field" key={f.name}>
          <label htmlFor={f.name}>{f.label}</label>
          {f.type === 'textarea' ? (
            <textarea id={f.name} name={f.name} rows={6} required defaultValue={f.defaultValue} maxLength={5000} />
          ) : (
            <input
              id={f.name}
              name={f.name}
              type={f.type ?? 'text'}
              autoComplete={f.autoComplete}
              required
              defaultValue={f.defaultValue}
              aria-describedby={f.hint ? `${f.name}-hint` : undefined}
            />
          )}
          {f.hint && (
            <small id={`${f.name}-hint`} className="muted">
              {f.hint}
            </small>
          )}
        </div>
      ))}
      <Captcha siteKey={siteKey} onToken={setCaptcha} />
      <button className="btn btn-primary btn-block" type="submit" disabled={busy} aria-busy={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
