import { useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { PASSWORD_MIN, PASSWORD_POLICY } from '../../shared/contracts/accounts.ts';
import { $passwordChange } from '../../stores/accounts.ts';
import { logout } from '../../stores/auth.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError, formErrors } from '../forms/validate.ts';

const RULES = [
  { name: 'current', what: 'your current password', required: true },
  { name: 'password', what: 'a new password', required: true, minLength: PASSWORD_MIN },
  { name: 'confirm', what: 'the new password again', required: true, sameAs: { name: 'password', message: 'Type the same new password twice.' } },
];

/** A new password (typed twice) after the current one; the member's other sessions end. */
export default function PasswordForm() {
  const state = useStore($passwordChange);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const busy = state.status === 'loading';
  const { errorOf, summary } = formErrors(state, invalid, ['current', 'password', 'confirm'], { current: 'currentPassword' });

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const values = Object.fromEntries([...new FormData(el)].map(([k, v]) => [k, String(v)]));
    const problems = checkFields(values, RULES);
    setInvalid(problems);
    if (Object.keys(problems).length) return focusFirstError(form.current);
    const result = await $passwordChange.run(values.password!, values.current!);
    if (result.ok) el.reset();
    else focusFirstError(form.current);
  }
  return (
    <form method="post" ref={form} onSubmit={submit} className="panel" aria-labelledby="password-title" noValidate>
      <h2 id="password-title">Password</h2>
      {state.status === 'ok' && (
        <div className="alert alert-success" role="status">
          {state.data.message}
        </div>
      )}
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      <div className="form-grid">
        <Field name="current" id="pw-current" label="Current password" type="password" autoComplete="current-password" error={errorOf('current')} />
        <Field
          name="password"
          id="pw-new"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`${PASSWORD_POLICY} Changing it logs you out everywhere else.`}
          error={errorOf('password')}
        />
        <Field name="confirm" id="pw-confirm" label="New password again" type="password" autoComplete="new-password" error={errorOf('confirm')} />
      </div>
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
