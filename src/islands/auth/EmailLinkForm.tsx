import AccountForm from './AccountForm.tsx';
import { resendVerification } from '../../stores/accounts.ts';
import { $auth, forgotPassword } from '../../stores/auth.ts';
import { LOGIN_ROUTE } from '../../shared/routes.ts';

/** Asks for an address and mails a link: a password reset (`forgot`) or a new verification link (`verify`). */
export default function EmailLinkForm({ purpose, siteKey }: { purpose: 'forgot' | 'verify'; siteKey: string }) {
  return (
    <AccountForm
      siteKey={purpose === 'forgot' ? siteKey : ''}
      submitLabel={purpose === 'forgot' ? 'Send me a reset link' : 'Send the link again'}
      busyLabel="Sending…"
      fields={[{ name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' }]}
      onSubmit={async (v, token) => {
        if (purpose === 'verify') return resendVerification((v.email ?? '').trim());
        const message = await forgotPassword((v.email ?? '').trim(), token);
        return message !== null ? { ok: true, data: { message } } : { ok: false, message: $auth.get().forgot.error ?? '', status: 0 };
      }}
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
