import { useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { PASSWORD_POLICY, USERNAME_POLICY } from '../../shared/contracts/accounts.ts';
import { $setup } from '../../stores/admin.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError, formErrors } from '../forms/validate.ts';

const NAMES = ['token', 'name', 'username', 'email', 'password'] as const;
type Values = Record<(typeof NAMES)[number], string>;

/** First run: the admin account, made with the one-time token the server printed when it started. */
export default function SetupForm({ token }: { token: string }) {
  const [values, setValues] = useState<Values>({ token, name: '', username: '', email: '', password: '' });
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const state = useStore($setup);
  const form = useRef<HTMLFormElement>(null);
  const { errorOf, summary } = formErrors(state, invalid, [...NAMES]);
  const busy = state.status === 'loading' || state.status === 'ok';

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const problems = checkFields(values, [
      { name: 'token', what: 'the setup token', required: true, missing: 'Setup token: paste the token the server printed at start.' },
      { name: 'name', what: 'your name', required: true },
      { name: 'username', what: 'a username', required: true, minLength: 3 },
      { name: 'email', what: 'your e-mail address', required: true, email: true },
      { name: 'password', what: 'a password', required: true, minLength: 8 },
    ]);
    setInvalid(problems);
    if (Object.keys(problems).length) return focusFirstError(form.current);
    const result = await $setup.run({ ...values, token: values.token.trim(), username: values.username.trim().toLowerCase() });
    if (!result.ok) focusFirstError(form.current);
  }

  const field = (name: keyof Values) => ({
    name,
    id: `setup-${name}`,
    value: values[name],
    error: errorOf(name),
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  return (
    <form ref={form} method="post" onSubmit={submit} noValidate data-testid="setup-form">
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      <Field {...field('token')} label="Setup token" hint="Printed by the server when it started (it works once)." autoComplete="off" spellCheck={false} />
      <Field {...field('name')} label="Your name" autoComplete="name" />
      <Field {...field('username')} label="Username" hint={USERNAME_POLICY} autoComplete="username" />
      <Field {...field('email')} label="E-mail" type="email" autoComplete="email" />
      <Field {...field('password')} label="Password" type="password" hint={PASSWORD_POLICY} autoComplete="new-password" />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy} data-testid="setup-submit">
        {busy ? 'Creating the account…' : 'Create the admin account'}
      </button>
    </form>
  );
}
