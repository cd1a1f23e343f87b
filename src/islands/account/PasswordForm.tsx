import { useState, type SubmitEvent } from 'react';
import { changePassword } from '../../stores/accounts.ts';
import { logout } from '../../stores/auth.ts';
import { PASSWORD_POLICY } from '../../shared/contracts/accounts.ts';

/** A new password (typed twice) after the current one; the member's other sessions end. */
export default function PasswordForm() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const [current, next, confirm] = ['current', 'password', 'confirm'].map((k) => String(f.get(k) ?? ''));
    if (!current) return setResult({ ok: false, message: 'Enter your current password.' });
    if (next !== confirm) return setResult({ ok: false, message: 'The two new passwords are not the same.' });
    setBusy(true);
    const r = await changePassword(next!, current!);
    setBusy(false);
    setResult(r.ok ? { ok: true, message: r.data.message } : { ok: false, message: r.message });
    if (r.ok) form.reset();
  }
  return (
    <form onSubmit={submit} className="panel" aria-labelledby="password-title" noValidate>
      <h2 id="password-title">Password</h2>
      {result && (
        <div className={`alert ${result.ok ? 'alert-success' : 'alert-error'}`} role={result.ok ? 'status' : 'alert'}>
          {result.message}
        </div>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor="pw-current">Current password</label>
          <input id="pw-current" name="current" type="password" autoComplete="current-password" required />
        </div>
        <div className="field">
          <label htmlFor="pw-new">New password</label>
          <input id="pw-new" name="password" type="password" autoComplete="new-password" required aria-describedby="pw-hint" />
        </div>
        <div className="field">
          <label htmlFor="pw-confirm">New password again</label>
          <input id="pw-confirm" name="confirm" type="password" autoComplete="new-password" required />
        </div>
      </div>
      <p id="pw-hint" className="muted">
        {PASSWORD_POLICY} Changing it logs you out everywhere else.
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : 'Change password'}
      </button>
      <p className="muted">
        Lost a device, or used a shared computer?{' '}
        <button type="button" className="btn btn-ghost" onClick={() => void logout(true)}>
          Log out everywhere
        </button>
      </p>
    </form>
  );
}
