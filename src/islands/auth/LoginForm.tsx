import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $auth, login } from '../../stores/auth.ts';

/** Username or e-mail, password, remember me (365-day cookie; 1 day without). */
export default function LoginForm() {
  const { login: state } = useStore($auth);
  const [remember, setRemember] = useState(true);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (state.requesting) return;
    const form = new FormData(e.currentTarget);
    const name = String(form.get('login') ?? '').trim();
    await login({ ...(name.includes('@') ? { email: name } : { username: name }), password: String(form.get('password') ?? ''), remember });
  }

  return (
    <form onSubmit={submit} noValidate aria-describedby={state.error ? 'login-error' : undefined}>
      {state.error && (
        <div className="alert alert-error" id="login-error" role="alert">
          {state.error}
        </div>
      )}
      <div className="field">
        <label htmlFor="login">Username or e-mail</label>
        <input id="login" name="login" autoComplete="username" required autoFocus />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember me
      </label>
      <button className="btn btn-primary btn-block" type="submit" disabled={state.requesting} aria-busy={state.requesting}>
        {state.requesting ? 'Logging in…' : 'Log in'}
      </button>
    </form>
  );
}
