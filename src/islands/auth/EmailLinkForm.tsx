import AccountForm from './AccountForm.tsx';
import { $verificationResend } from '../../stores/accounts.ts';
import { $forgot, forgotPassword } from '../../stores/auth.ts';
import { LOGIN_ROUTE } from '../../shared/routes.ts';

/** Asks for an address and mails a link: a password reset (`forgot`) or a new verification link (`verify`). */
export default function EmailLinkForm({ purpose, siteKey }: { purpose: 'forgot' | 'verify'; siteKey: string }) {
  return (
    <AccountForm
      siteKey={purpose === 'forgot' ? siteKey : ''}
      submitLabel={purpose === 'forgot' ? 'Send me a reset link' : 'Send the link again'}
      busyLabel="Sending…"
      state={purpose === 'forgot' ? $forgot : $verificationResend}
      fields={[{ name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email', what: 'your e-mail address', required: true, email: true }]}
      onSubmit={(v, token) => (purpose === 'verify' ? $verificationResend.run((v.email ?? '').trim()) : forgotPassword((v.email ?? '').trim(), token))}
      done={(message) => (
        <>
          <p>{message}</p>
          <p>
            <a href={LOGIN_ROUTE}>Back to log in</a>
          </p>
        </>
      )}
    />
  );
}
