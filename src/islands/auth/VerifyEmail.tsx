import { useEffect, useState } from 'react';
import { verifyEmail } from '../../stores/accounts.ts';
import { LOGIN_ROUTE, RESEND_VERIFICATION_ROUTE } from '../../shared/routes.ts';

/** Opens the mailed link: confirms the address once, then offers the way on (or a new link when it failed). */
export default function VerifyEmail({ token }: { token: string }) {
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(
    token ? null : { ok: false, message: 'This page needs the link from the verification e-mail.' },
  );
  useEffect(() => {
    if (token) void verifyEmail(token).then((r) => setState(r.ok ? { ok: true, message: r.data.message } : { ok: false, message: r.message }));
  }, [token]);
  if (!state) return <p aria-busy="true">Confirming your address…</p>;
  return (
    <div className={`alert ${state.ok ? 'alert-success' : 'alert-error'}`} role={state.ok ? 'status' : 'alert'} data-testid="verify-result">
      <p>{state.message}</p>
      <p>{state.ok ? <a href={LOGIN_ROUTE}>Continue to log in</a> : <a href={RESEND_VERIFICATION_ROUTE}>Send me a new link</a>}</p>
    </div>
  );
}
