import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import type { GatewayName, TokenPackage } from '../../shared/contracts/tokens.ts';
import { formatMoney } from '../../shared/money.ts';
import { loginHref, TOKENS_ROUTE } from '../../shared/routes.ts';
import { $tokenPurchase } from '../../stores/wallet.ts';

interface Props {
  packages: TokenPackage[];
  gateways: GatewayName[];
  loggedIn: boolean;
  /** Smaller cards (the top-up offer under an unlock panel). */
  compact?: boolean;
}

const GATEWAY_LABEL: Record<GatewayName, string> = { stripe: 'Pay by card', test: 'Test checkout' };

/**
 * The packages that give the most tokens for their price, one per currency with more than one package on sale:
 * prices in different currencies are not compared.
 */
export function bestValues(packages: TokenPackage[]): Set<string> {
  const best = new Set<string>();
  for (const currency of new Set(packages.map((p) => p.currency))) {
    const same = packages.filter((p) => p.currency === currency);
    if (same.length < 2) continue;
    const top = Math.max(...same.map((p) => p.tokens / p.price));
    for (const p of same) if (p.tokens / p.price === top) best.add(p._id);
  }
  return best;
}

/** Token packages with one buy button per enabled gateway; pressing one goes to that gateway's checkout. */
export default function PackagePicker({ packages, gateways, loggedIn, compact = false }: Props) {
  const purchase = useStore($tokenPurchase);
  /** The button pressed last (`packageId:gateway`): it says "Opening checkout…" while the request is under way. */
  const [pressed, setPressed] = useState<string | null>(null);
  // Succeeded means the browser is on its way to the gateway: the buttons stay disabled.
  const busy = purchase.status === 'loading' || purchase.status === 'ok' ? pressed : null;
  if (!packages.length) return <p className="muted">No token packages are on sale right now.</p>;
  const best = bestValues(packages);
  return (
    <div className={compact ? 'packages packages-compact' : 'packages'}>
      {purchase.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {messageOf(purchase.error)}
        </p>
      )}
      <ul className="package-list" data-testid="packages">
        {packages.map((p) => (
          <li key={p._id} className="package" data-testid="package">
            <div className="package-tokens">
              <strong>{p.tokens.toLocaleString('en')}</strong> tokens
            </div>
            <div className="package-name">
              {p.name}
              {best.has(p._id) && <span className="chip chip-accent">Best value</span>}
            </div>
            {!compact && p.description && <p className="muted">{p.description}</p>}
            <div className="package-price">{formatMoney(p.price, p.currency)}</div>
            <div className="package-actions">
              {loggedIn ? (
                gateways.length ? (
                  gateways.map((g) => (
                    <button
                      key={g}
                      type="button"
                      className={g === gateways[0] ? 'btn btn-primary' : 'btn'}
                      disabled={busy !== null}
                      aria-busy={busy === `${p._id}:${g}`}
                      aria-label={`${GATEWAY_LABEL[g]}: ${p.tokens} tokens for ${formatMoney(p.price, p.currency)}`}
                      onClick={() => {
                        setPressed(`${p._id}:${g}`);
                        void $tokenPurchase.run(p._id, g);
                      }}
                    >
                      {busy === `${p._id}:${g}` ? 'Opening checkout…' : GATEWAY_LABEL[g]}
                    </button>
                  ))
                ) : (
                  <p className="muted">Payments are switched off on this site.</p>
                )
              ) : (
                <a className="btn btn-primary" href={loginHref(TOKENS_ROUTE)}>
                  Log in to buy
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
