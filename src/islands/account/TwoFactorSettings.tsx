import { useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import type { TwoFactorStatus } from '../../shared/contracts/auth.ts';
import { $disable, $enable, $setup, $twoFactor } from '../../stores/security.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError, formErrors } from '../forms/validate.ts';

const CODE_RULE = { name: 'code', what: 'the code from your app', required: true };

/** The form's values as text. */
const valuesOf = (form: HTMLFormElement) => Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v).trim()]));

/** The ten recovery codes as a .txt file the browser saves (made here: they are never sent again). */
function download(codes: string[], site: string) {
  const text = `${site}: two-factor recovery codes\nEach code works once, in place of the code of your app.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: `${site.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt` });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The second factor on /account/security: set up an authenticator app (QR code and the secret as text, confirmed by its
 * first code), the ten recovery codes shown once with a download, and switching it off with the password and a code.
 */
export default function TwoFactorSettings({ initial, site }: { initial: TwoFactorStatus; site: string }) {
  // The server's status until this page changes it (the store is empty until then: nothing per-member in it during SSR).
  const status = useStore($twoFactor) ?? initial;
  const setup = useStore($setup);
  const enable = useStore($enable);

  if (enable.status === 'ok') return <RecoveryCodes codes={enable.data.recoveryCodes} site={site} />;
  if (status.enabled) return <TurnOff left={status.recoveryCodesLeft} />;
  if (setup.status === 'ok') return <Confirm secret={setup.data.secret} qrSvg={setup.data.qrSvg} />;
  const busy = setup.status === 'loading';
  return (
    <div>
      <p>
        Two-factor authentication is <strong>off</strong>. With it on, logging in asks for your password and a code from an authenticator app on your phone
        (such as Aegis, Google Authenticator or 1Password), so a stolen password alone does not open your account.
      </p>
      {setup.status === 'error' && (
        <div className="alert alert-error" role="alert">
          {messageOf(setup.error)}
        </div>
      )}
      <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy} onClick={() => void $setup.run()} data-testid="two-factor-start">
        {busy ? 'Preparing…' : 'Set up an authenticator app'}
      </button>
    </div>
  );
}

function Confirm({ secret, qrSvg }: { secret: string; qrSvg: string }) {
  const state = useStore($enable);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const busy = state.status === 'loading';
  const { errorOf, summary } = formErrors(state, invalid, ['code']);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = valuesOf(e.currentTarget);
    const problems = checkFields(values, [CODE_RULE]);
    setInvalid(problems);
    if (Object.keys(problems).length || !(await $enable.run(values.code!)).ok) focusFirstError(form.current);
  }

  return (
    <form method="post" ref={form} onSubmit={submit} noValidate>
      <ol>
        <li>Scan this QR code with your authenticator app.</li>
        <li>
          Or type this key into it:{' '}
          <code className="totp-secret" data-testid="totp-secret">
            {secret}
          </code>
        </li>
        <li>Type the 6-digit code the app then shows.</li>
      </ol>
      <img className="qr-code" src={`data:image/svg+xml;utf8,${encodeURIComponent(qrSvg)}`} alt="QR code for the authenticator app" width={200} height={200} />
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      <Field name="code" id="totp-enable-code" label="Code from the app" autoComplete="one-time-code" inputMode="numeric" error={errorOf('code')} />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy} data-testid="two-factor-enable">
        {busy ? 'Checking…' : 'Turn on'}
      </button>
    </form>
  );
}

function RecoveryCodes({ codes, site }: { codes: string[]; site: string }) {
  return (
    <div data-testid="recovery-codes">
      <div className="alert alert-success" role="status">
        Two-factor authentication is on.
      </div>
      <p>
        Keep these recovery codes somewhere safe: each one logs you in once if you lose your phone. <strong>They are shown only now.</strong>
      </p>
      <ul className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary" onClick={() => download(codes, site)} data-testid="recovery-download">
        Download (.txt)
      </button>
    </div>
  );
}

function TurnOff({ left }: { left: number }) {
  const state = useStore($disable);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const busy = state.status === 'loading';
  const { errorOf, summary } = formErrors(state, invalid, ['password', 'code']);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = valuesOf(e.currentTarget);
    const problems = checkFields(values, [{ name: 'password', what: 'your password', required: true }, CODE_RULE]);
    setInvalid(problems);
    if (Object.keys(problems).length || !(await $disable.run(values.password!, values.code!)).ok) focusFirstError(form.current);
  }

  return (
    <form method="post" ref={form} onSubmit={submit} noValidate>
      <p>
        Two-factor authentication is <strong>on</strong>. Recovery codes left: <span data-testid="recovery-left">{left}</span>.
      </p>
      <h3>Turn it off</h3>
      {summary && (
        <div className="alert alert-error" role="alert">
          {summary}
        </div>
      )}
      <div className="form-grid">
        <Field name="password" id="totp-off-password" label="Password" type="password" autoComplete="current-password" error={errorOf('password')} />
        <Field name="code" id="totp-off-code" label="Code from the app, or a recovery code" autoComplete="one-time-code" error={errorOf('code')} />
      </div>
      <button type="submit" className="btn" disabled={busy} aria-busy={busy}>
        {busy ? 'Turning off…' : 'Turn off two-factor authentication'}
      </button>
    </form>
  );
}
