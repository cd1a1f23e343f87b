import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { UnlockKind } from '../../shared/calls/wallet.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import type { GatewayName, TokenPackage } from '../../shared/contracts/tokens.ts';
import { refreshRegions } from '../../client/regions.ts';
import { showToast } from '../../stores/toast.ts';
import { $packages, loadPackages, unlocks } from '../../stores/wallet.ts';
import PackagePicker from './PackagePicker.tsx';
import { useBalance } from '../use-balance.ts';

interface Props {
  kind: UnlockKind;
  /** The item's `_id`. */
  id: string;
  price: number;
  /** "video", "gallery", "story". */
  what: string;
  /** The balance the page was rendered with. */
  balance: number;
  /** The token packages, when the page was rendered for a member short of tokens. */
  offer?: { list: TokenPackage[]; gateways: GatewayName[] };
}

/**
 * The unlock action of a locked item: Unlock → confirm (price and balance; Escape or Cancel goes back) → the content
 * appears in place. A member without enough tokens is offered the packages instead.
 */
export default function UnlockButton({ kind, id, price, what, balance: rendered, offer: renderedOffer }: Props) {
  const balance = useBalance(rendered);
  const packages = useStore($packages);
  const offer = packages.data ?? renderedOffer;
  const request = unlocks.of(useStore(unlocks.$states), id);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const busy = request.status === 'loading';
  // Short of tokens: said before trying, or by the server; a top-up in another tab (live balance) lifts it.
  const short = balance < price;

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (short && !renderedOffer) void loadPackages();
  }, [short, renderedOffer]);

  const cancel = () => {
    setConfirming(false);
    // Back on the button that opened the confirmation (it is rendered again on the next frame).
    requestAnimationFrame(() => startRef.current?.focus());
  };

  const confirm = async () => {
    const result = await unlocks.run(id, kind);
    if (result.ok || result.error.code === 'ALREADY_BOUGHT') {
      showToast(`Unlocked: enjoy the ${what}.`, 'success');
      if (!(await refreshRegions().catch(() => false))) window.location.reload();
      return;
    }
    setConfirming(false);
  };

  if (short) {
    return (
      <div className="unlock-short" data-testid="unlock-short">
        <p>
          You have <strong>{balance}</strong> tokens: <strong>{price - balance}</strong> more to unlock this {what}.
        </p>
        {offer ? (
          <PackagePicker packages={offer.list} gateways={offer.gateways} loggedIn compact />
        ) : (
          <p className="muted">{packages.status === 'error' ? messageOf(packages.error) : 'Loading token packages…'}</p>
        )}
      </div>
    );
  }
  if (confirming || busy) {
    return (
      <div
        className="unlock-confirm"
        role="group"
        aria-label="Confirm unlock"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !busy) cancel();
        }}
      >
        <p>
          Spend <strong>{price}</strong> of your {balance} tokens? You will have {balance - price} left.
        </p>
        <div className="actions">
          <button ref={confirmRef} type="button" className="btn btn-primary" disabled={busy} aria-busy={busy} onClick={confirm} data-testid="unlock-confirm">
            {busy ? 'Unlocking…' : `Confirm: ${price} tokens`}
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={cancel}>
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
      {request.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {messageOf(request.error)}
        </p>
      )}
      {/* The island wakes when reached for (client:interaction), and the press that woke it is not lost. */}
      <button ref={startRef} type="button" className="btn btn-primary" onClick={() => setConfirming(true)} data-testid="unlock">
        Unlock for {price} tokens
      </button>
    </div>
  );
}
