import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { PaymentStatus as Status } from '../../shared/contracts/tokens.ts';
import { $payments, followPayment } from '../../stores/wallet.ts';
import { useBalance } from '../use-balance.ts';
import { useHydrated } from '../use-hydrated.ts';

interface Props {
  paymentId: string;
  /** The status the page was rendered with. */
  initial: Status;
  tokens: number;
  /** The member's balance when the page was rendered. */
  balance: number;
}

/**
 * A payment's outcome. One the provider has not confirmed yet is followed (live, and by asking the API every few
 * seconds in case the live connection is down) until it settles.
 */
export default function PaymentStatus({ paymentId, initial, tokens, balance: rendered }: Props) {
  const followed = useStore($payments)[paymentId];
  // Both renders start from the page's status (the same markup), then the store's.
  const status = useHydrated() ? (followed ?? initial) : initial;
  const balance = useBalance(rendered);
  useEffect(() => (initial === 'pending' ? followPayment(paymentId, initial) : undefined), [paymentId, initial]);
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
        Payment received: <strong>{tokens} tokens</strong> were added to your balance, which is now {balance} tokens.
      </p>
    );
  }
  return (
    <p className="alert alert-error" role="status" data-testid="payment-status">
      This payment did not go through ({status}). Nothing was charged.
    </p>
  );
}
