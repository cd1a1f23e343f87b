import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { UnlockKind } from '../../shared/calls.ts';
import { refreshRegions } from '../../client/regions.ts';
import { $user } from '../../stores/user.ts';
import { showToast } from '../../stores/toast.ts';
import { $packages, loadPackages, unlockItem } from '../../stores/wallet.ts';
import PackagePicker from './PackagePicker.tsx';
import { useHydrated } from '../use-hydrated.ts';

interface Props {
  kind: UnlockKind;
  /** The item's `_id`. */
  id: string;
  price: number;
  /** "video", "gallery", "story". */
  what: string;
  /** The balance the page was rendered with (the store takes over once the header hydrated). */
  balance: number;
}

type Step = 'idle' | 'confirm' | 'busy' | 'short' | 'error';

/**
 * The unlock action of a locked item: Unlock → confirm (price and balance) → the content appears in place. A member
 * without enough tokens is offered the packages instead.
 */
export default function UnlockButton({ kind, id, price, what, balance: initial }: Props) {
  const user = useStore($user);
  const balance = user?.balance ?? initial;
  const packages = useStore($packages);
  const [chosen, setStep] = useState<Step>(balance < price ? 'short' : 'idle');
  // A top-up in another tab (live balance) can make the item affordable.
  const step: Step = chosen === 'short' && balance >= price ? 'idle' : chosen;
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (step === 'confirm') confirmRef.current?.focus();
    if (step === 'short') void loadPackages();
  }, [step]);

  const confirm = async () => {
    setStep('busy');
    const result = await unlockItem(kind, id);
    if (result.ok || result.failure.code === 'ALREADY_BOUGHT') {
      showToast(`Unlocked: enjoy the ${what}.`, 'success');
      if (!(await refreshRegions().catch(() => false))) window.location.reload();
      return;
    }
    if (result.failure.code === 'INSUFFICIENT_BALANCE') return setStep('short');
    setError(result.failure.message);
    setStep('error');
  };

  if (step === 'short') {
    return (
      <div className="unlock-short" data-testid="unlock-short">
        <p>
          You have <strong>{balance}</strong> tokens: <strong>{price - balance}</strong> more to unlock this {what}.
        </p>
        {packages.list.length ? (
          <PackagePicker packages={packages.list} gateways={packages.gateways} loggedIn compact />
        ) : (
          <p className="muted">Loading token packages…</p>
        )}
      </div>
    );
  }
  if (step === 'confirm' || step === 'busy') {
    return (
      <div className="unlock-confirm" role="group" aria-label="Confirm unlock">
        <p>
          Spend <strong>{price}</strong> of your {balance} tokens? You will have {balance - price} left.
        </p>
        <div className="actions">
          <button
            ref={confirmRef}
            type="button"
            className="btn btn-primary"
            disabled={step === 'busy'}
            aria-busy={step === 'busy'}
            onClick={confirm}
            data-testid="unlock-confirm"
          >
            {step === 'busy' ? 'Unlocking…' : `Confirm: ${price} tokens`}
          </button>
          <button type="button" className="btn btn-ghost" disabled={step === 'busy'} onClick={() => setStep('idle')}>
            Cancel
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="unlock-start">
      <p className="muted">
        Your balance: <span data-testid="unlock-balance">{balance}</span> tokens. Unlocked items stay yours.
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {/* Disabled until hydrated: a click before the island runs would do nothing at all. */}
      <button type="button" className="btn btn-primary" onClick={() => setStep('confirm')} disabled={!hydrated} data-testid="unlock">
        Unlock for {price} tokens
      </button>
    </div>
  );
}
