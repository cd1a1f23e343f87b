import AccountForm from './AccountForm.tsx';
import { $passwordReset } from '../../stores/accounts.ts';
import { PASSWORD_MIN, PASSWORD_POLICY } from '../../shared/contracts/accounts.ts';
import { FORGOT_PASSWORD_ROUTE, LOGIN_ROUTE } from '../../shared/routes.ts';

/** The reset link's page: a new password, typed twice. */
export default function ResetPasswordForm({ token }: { token: string }) {
  if (!token)
    return (
      <div className="alert alert-error" role="alert">
        This page needs the link from the reset e-mail. <a href={FORGOT_PASSWORD_ROUTE}>Ask for a new link</a>.
      </div>
    );
  return (
    <AccountForm
      submitLabel="Set my new password"
      busyLabel="Saving…"
      state={$passwordReset}
      fields={[
        {
          name: 'password',
          label: 'New password',
          type: 'password',
          autoComplete: 'new-password',
          hint: PASSWORD_POLICY,
          what: 'a new password',
          required: true,
          minLength: PASSWORD_MIN,
        },
        {
          name: 'confirm',
          label: 'New password again',
          type: 'password',
          autoComplete: 'new-password',
          what: 'the new password again',
          required: true,
          sameAs: { name: 'password', message: 'Type the same new password twice.' },
        },
      ]}
      onSubmit={(v) => $passwordReset.run(token, v.password ?? '')}
      done={(message) => (
        <>
          <p>{message}</p>
          <p>
            <a className="btn btn-primary" href={LOGIN_ROUTE}>
              Log in
            </a>
          </p>
        </>
      )}
    />
  );
}
