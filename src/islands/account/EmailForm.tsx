import { useStore } from '@nanostores/react';
import { $emailChange } from '../../stores/security.ts';
import Field from '../forms/Field.tsx';
import { useCheckedForm } from '../forms/use-checked-form.ts';

const RULES = [
  { name: 'email', what: 'the new e-mail address', required: true },
  { name: 'password', what: 'your password', required: true },
];

/** A new e-mail address, with the password: a link goes to it, and the address changes once it is opened. */
export default function EmailForm({ email }: { email: string }) {
  const state = useStore($emailChange);
  const { form, errorOf, summary, busy, onSubmit } = useCheckedForm(state, RULES);
  const submit = onSubmit(async (values, el) => {
    const result = await $emailChange.run(values.email!.trim(), values.password!);
    if (result.ok) el.reset();
    return result;
  });
  return (
    <form method="post" ref={form} onSubmit={submit} className="panel" aria-labelledby="email-title" noValidate data-testid="email-form">
      <h2 id="email-title">E-mail address</h2>
      <p className="muted">
        Now: <strong>{email}</strong>. A new address is used once you open the link we mail to it; until then nothing changes.
      </p>
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
        <Field name="email" id="email-new" label="New e-mail address" type="email" autoComplete="email" error={errorOf('email')} />
        <Field name="password" id="email-password" label="Password" type="password" autoComplete="current-password" error={errorOf('password')} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Sending…' : 'Change e-mail address'}
      </button>
    </form>
  );
}
