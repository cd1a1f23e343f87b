import { lazy, Suspense, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import { INCORRECT_CREDENTIALS } from '../../shared/messages.ts';
import { $auth, $loginTicket, login } from '../../stores/auth.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError } from '../forms/validate.ts';

// The code step (a second factor on) is fetched only when a login needs it.
const CodeStep = lazy(() => import('./CodeStep.tsx'));

/**
 * "Log in with a passkey": its code (@simplewebauthn/browser and the store) is fetched on the click, so the login
 * page's first view carries only this button. The browser offers the member's passkeys for this site: nothing typed.
 */
async function passkeyLogin(remember: boolean): Promise<string | null> {
  try {
    const { loginWithPasskey } = await import('../../stores/passkeys.ts');
    const result = await loginWithPasskey(remember);
    return result.ok ? null : messageOf(result.error);
  } catch {
    return messageOf({ kind: 'network', status: 0, code: 'NETWORK_ERROR', message: '' });
  }
}

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
  const [passkey, setPasskey] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const form = useRef<HTMLFormElement>(null);
  const busy = state.status === 'loading' || passkey.busy;
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

  async function withPasskey() {
    if (busy) return;
    setPasskey({ busy: true, error: null });
    setPasskey({ busy: false, error: await passkeyLogin(remember) });
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
        {state.status === 'loading' ? 'Logging in…' : 'Log in'}
      </button>
      <p className="login-or">or</p>
      {passkey.error && (
        <div className="alert alert-error" role="alert" data-testid="passkey-login-error">
          {passkey.error}
        </div>
      )}
      <button className="btn btn-block" type="button" onClick={() => void withPasskey()} disabled={busy} aria-busy={passkey.busy} data-testid="passkey-login">
        {passkey.busy ? 'Waiting for your passkey…' : 'Log in with a passkey'}
      </button>
    </form>
  );
}
