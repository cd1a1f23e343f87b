import { useState } from 'react';
import { api } from '../../client/api.ts';
import { ApiError } from '../../shared/api-client.ts';
import { GENERIC_ERROR } from '../../shared/messages.ts';

/** The test gateway's buttons: confirm (pay) or cancel; the server settles through its signed webhook, then we follow its redirect. */
export default function TestCheckout({ paymentId }: { paymentId: string }) {
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (action: 'confirm' | 'cancel') => {
    setBusy(action);
    setError(null);
    try {
      const { data } = await api.testCheckout(paymentId, action);
      window.location.assign(data.redirectUrl);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : GENERIC_ERROR);
      setBusy(null);
    }
  };
  return (
    <div className="actions">
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy !== null}
        aria-busy={busy === 'confirm'}
        onClick={() => act('confirm')}
        data-testid="test-pay"
      >
        {busy === 'confirm' ? 'Paying…' : 'Pay now (test)'}
      </button>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={busy !== null}
        aria-busy={busy === 'cancel'}
        onClick={() => act('cancel')}
        data-testid="test-cancel"
      >
        Cancel
      </button>
    </div>
  );
}
