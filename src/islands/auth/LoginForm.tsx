import { lazy, Suspense, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import { INCORRECT_CREDENTIALS } from '../../shared/messages.ts';
import { $auth, $loginTicket, login } from '../../stores/auth.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError } from '../forms/validate.ts';

// The code step (a second factor on) is fetched only when a login needs it.
const CodeStep = lazy(() => import('./CodeStep.tsx'));

const RULES = [
  { name: 'login', what: 'your username or e-mail address', required: true },
  { name: 'password', what: 'your password', required: true },
];

/** Username or e-mail, password, remember me (365-day cookie; 1 day without). */
export default function LoginForm() {
  const { login: state } = useStore($auth);
  const ticket = useStore($loginTicket);
  const [remember, setRemember] = useState(true);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const busy = state.status === 'loading';
  // A refused login is about the pair: both fields point at the message.
  const refused = state.status === 'error' ? messageOf(state.error, INCORRECT_CREDENTIALS) : null;

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const values = Object.fromEntries([...new FormData(e.currentTarget)].map(([k, v]) => [k, String(v)]));
    const problems = checkFields(values, RULES);
    setInvalid(problems);
    if (Object.keys(problems).length) return focusFirstError(form.current);
    const name = values.login!.trim();
    if (!(await login({ ...(name.includes('@') ? { email: name } : { username: name }), password: values.password!, remember })))
      form.current?.querySelector('input')?.focus();
  }

  if (ticket)
    return (
      <Suspense fallback={<p aria-busy="true">Loading…</p>}>
        <CodeStep />
      </Suspense>
    );

  const fieldProps = (name: string) => (invalid[name] ? { error: invalid[name] } : refused ? { 'aria-invalid': true, 'aria-describedby': 'login-error' } : {});
  return (
    <form method="post" ref={form} onSubmit={submit} noValidate>
      {refused && (
        <div className="alert alert-error" id="login-error" role="alert">
          {refused}
        </div>
      )}
      <Field name="login" label="Username or e-mail" autoComplete="username" autoFocus {...fieldProps('login')} />
      <Field name="password" label="Password" type="password" autoComplete="current-password" {...fieldProps('password')} />
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember me
      </label>
      <button className="btn btn-primary btn-block" type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Logging in…' : 'Log in'}
      </button>
    </form>
  );
}
