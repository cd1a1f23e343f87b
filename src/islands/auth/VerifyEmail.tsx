import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $emailVerification } from '../../stores/accounts.ts';
import { LOGIN_ROUTE, RESEND_VERIFICATION_ROUTE } from '../../shared/routes.ts';

/** Opens the mailed link: confirms the address once, then offers the way on (or a new link when it failed). */
export default function VerifyEmail({ token }: { token: string }) {
  const state = useStore($emailVerification);
  useEffect(() => {
    if (token) void $emailVerification.run(token);
  }, [token]);
  if (token && (state.status === 'idle' || state.status === 'loading')) return <p aria-busy="true">Confirming your address…</p>;
  const ok = state.status === 'ok';
  const message = ok ? state.data.message : state.status === 'error' ? messageOf(state.error) : 'This page needs the link from the verification e-mail.';
  return (
    <div className={`alert ${ok ? 'alert-success' : 'alert-error'}`} role={ok ? 'status' : 'alert'} data-testid="verify-result">
      <p>{message}</p>
      <p>{ok ? <a href={LOGIN_ROUTE}>Continue to log in</a> : <a href={RESEND_VERIFICATION_ROUTE}>Send me a new link</a>}</p>
    </div>
  );
}
