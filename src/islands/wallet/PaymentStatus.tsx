import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../client/api.ts';
import type { PaymentStatus as Status } from '../../shared/contracts/tokens.ts';
import { $paymentUpdate } from '../../stores/live.ts';
import { $user } from '../../stores/user.ts';

/**
 * A payment the provider has not confirmed yet: waits for the live `payment_status_callback` (and asks the API every
 * few seconds in case the live connection is down), then shows the outcome.
 */
export default function PaymentStatus({ paymentId, initial, tokens }: { paymentId: string; initial: Status; tokens: number }) {
  const [polled, setStatus] = useState<Status>(initial);
  const live = useStore($paymentUpdate);
  const user = useStore($user);
  const status = live?.redirectUrl.includes(paymentId) ? (live.status as Status) : polled;
  useEffect(() => {
    if (status !== 'pending') return;
    let tries = 0;
    const poll = async () => {
      if (++tries > 40) return clearInterval(timer);
      const { data } = await api.payment(paymentId).catch(() => ({ data: null }));
      if (data && data.status !== 'pending') setStatus(data.status);
    };
    const timer = setInterval(() => void poll(), 3000);
    return () => clearInterval(timer);
  }, [status, paymentId]);
  if (status === 'pending') {
    return (
      <p className="alert alert-info" role="status" data-testid="payment-status">
        Waiting for the payment provider to confirm your payment… This page updates by itself.
      </p>
    );
  }
  if (status === 'success') {
    return (
      <p className="alert alert-info" role="status" data-testid="payment-status">
        Payment received: <strong>{tokens} tokens</strong> were added to your balance{user ? `, which is now ${user.balance} tokens` : ''}.
      </p>
    );
  }
  return (
    <p className="alert alert-error" role="status" data-testid="payment-status">
      This payment did not go through ({status}). Nothing was charged.
    </p>
  );
}
