import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $testCheckout } from '../../stores/wallet.ts';

/** The test gateway's buttons: confirm (pay) or cancel; the server settles through its signed webhook, then we follow its redirect. */
export default function TestCheckout({ paymentId }: { paymentId: string }) {
  const state = useStore($testCheckout);
  const [pressed, setPressed] = useState<'confirm' | 'cancel' | null>(null);
  // Succeeded means the browser is leaving for the payment's outcome page: the buttons stay disabled.
  const busy = state.status === 'loading' || state.status === 'ok';
  const act = (action: 'confirm' | 'cancel') => {
    setPressed(action);
    void $testCheckout.run(paymentId, action);
  };
  return (
    <div className="actions">
      {state.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {messageOf(state.error)}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        aria-busy={busy && pressed === 'confirm'}
        onClick={() => act('confirm')}
        data-testid="test-pay"
      >
        {busy && pressed === 'confirm' ? 'Paying…' : 'Pay now (test)'}
      </button>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={busy}
        aria-busy={busy && pressed === 'cancel'}
        onClick={() => act('cancel')}
        data-testid="test-cancel"
      >
        Cancel
      </button>
    </div>
  );
}
