import { useStore } from '@nanostores/react';
import { PASSWORD_MIN, PASSWORD_POLICY } from '../../shared/contracts/accounts.ts';
import { $passwordChange } from '../../stores/accounts.ts';
import { logout } from '../../stores/auth.ts';
import Field from '../forms/Field.tsx';
import { useCheckedForm } from '../forms/use-checked-form.ts';

const RULES = [
  { name: 'current', what: 'your current password', required: true },
  { name: 'password', what: 'a new password', required: true, minLength: PASSWORD_MIN },
  { name: 'confirm', what: 'the new password again', required: true, sameAs: { name: 'password', message: 'Type the same new password twice.' } },
];

/** A new password (typed twice) after the current one; the member's other sessions end. */
export default function PasswordForm() {
  const state = useStore($passwordChange);
  const { form, errorOf, summary, busy, onSubmit } = useCheckedForm(state, RULES, { apiName: { current: 'currentPassword' } });
  const submit = onSubmit(async (values, el) => {
    const result = await $passwordChange.run(values.password!, values.current!);
    if (result.ok) el.reset();
    return result;
  });
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
