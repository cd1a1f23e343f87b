import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $emailChangeConfirmation } from '../../stores/security.ts';
import { ACCOUNT_ROUTE } from '../../shared/routes.ts';

/** Opens the link mailed to a new address: the account takes it (once), then the way back to the account. */
export default function ConfirmEmailChange({ token }: { token: string }) {
  const state = useStore($emailChangeConfirmation);
  useEffect(() => {
    if (token) void $emailChangeConfirmation.run(token);
  }, [token]);
  if (token && (state.status === 'idle' || state.status === 'loading')) return <p aria-busy="true">Changing your address…</p>;
  const ok = state.status === 'ok';
  const message = ok
    ? state.data.message
    : state.status === 'error'
      ? messageOf(state.error)
      : 'This page needs the link from the e-mail we sent to your new address.';
  return (
    <div className={`alert ${ok ? 'alert-success' : 'alert-error'}`} role={ok ? 'status' : 'alert'} data-testid="email-change-result">
      <p>{message}</p>
      <p>
        <a href={ACCOUNT_ROUTE}>{ok ? 'Back to my account' : 'Ask for the change again from my account'}</a>
      </p>
    </div>
  );
}
