import { useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $loginCode, loginWithCode, restartLogin } from '../../stores/security.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError, formErrors } from '../forms/validate.ts';

const RULES = [{ name: 'code', what: 'the code from your app', required: true }];

/**
 * A login's second step (a second factor on): the 6-digit code of the authenticator app, or one of the recovery codes.
 * Loaded only after a right password (LoginForm imports it lazily), so the login page's first view stays small.
 */
export default function CodeStep() {
  const state = useStore($loginCode);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const busy = state.status === 'loading';
  const { errorOf, summary } = formErrors(state, invalid, ['code']);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const values = { code: String(new FormData(e.currentTarget).get('code') ?? '').trim() };
    const problems = checkFields(values, RULES);
    setInvalid(problems);
    if (Object.keys(problems).length) return focusFirstError(form.current);
    const result = await loginWithCode(values.code);
    if (!result.ok) {
      form.current?.querySelector('input')?.select();
      focusFirstError(form.current);
    }
  }

  return (
    <form method="post" ref={form} onSubmit={submit} noValidate data-testid="code-step">
      <p>Open your authenticator app and type the code it shows for this site. Lost your phone? Type one of your recovery codes.</p>
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      <Field
        name="code"
        id="login-code"
        label="Code"
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        hint="6 digits, or a recovery code such as abcde-23456."
        error={errorOf('code')}
      />
      <button className="btn btn-primary btn-block" type="submit" disabled={busy} aria-busy={busy} data-testid="login-code-submit">
        {busy ? 'Checking…' : 'Continue'}
      </button>
      <p>
        <button type="button" className="btn btn-ghost" onClick={restartLogin}>
          Start again
        </button>
      </p>
    </form>
  );
}
