import AccountForm from './AccountForm.tsx';
import { $registration } from '../../stores/accounts.ts';
import { PASSWORD_MIN, PASSWORD_POLICY, USERNAME_POLICY } from '../../shared/contracts/accounts.ts';
import { LOGIN_ROUTE, RESEND_VERIFICATION_ROUTE } from '../../shared/routes.ts';

/** Sign-up: name, username, e-mail, password (policy shown); then "check your inbox". */
export default function RegisterForm({ siteKey }: { siteKey: string }) {
  return (
    <AccountForm
      siteKey={siteKey}
      submitLabel="Create my account"
      busyLabel="Creating your account…"
      state={$registration}
      fields={[
        { name: 'name', label: 'Name', autoComplete: 'name', what: 'your name', required: true },
        {
          name: 'username',
          label: 'Username',
          autoComplete: 'username',
          hint: USERNAME_POLICY,
          what: 'a username',
          required: true,
          minLength: 3,
          lowerCase: true,
        },
        { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email', what: 'your e-mail address', required: true, email: true },
        {
          name: 'password',
          label: 'Password',
          type: 'password',
          autoComplete: 'new-password',
          hint: PASSWORD_POLICY,
          what: 'a password',
          required: true,
          minLength: PASSWORD_MIN,
        },
      ]}
      onSubmit={(v, recaptchaToken) =>
        $registration.run({
          name: v.name ?? '',
          username: (v.username ?? '').trim(),
          email: (v.email ?? '').trim(),
          password: v.password ?? '',
          ...(recaptchaToken ? { recaptchaToken } : {}),
        })
      }
      done={(message) => (
        <>
          <p>{message}</p>
          <p>
            <a href={LOGIN_ROUTE}>Log in</a> · No mail? <a href={RESEND_VERIFICATION_ROUTE}>Send the link again</a>
          </p>
        </>
      )}
    />
  );
}
