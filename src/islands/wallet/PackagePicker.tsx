import { useState } from 'react';
import type { GatewayName, TokenPackage } from '../../shared/contracts/tokens.ts';
import { formatMoney } from '../../shared/money.ts';
import { LOGIN_ROUTE, TOKENS_ROUTE } from '../../shared/routes.ts';
import { buyPackage } from '../../stores/wallet.ts';

interface Props {
  packages: TokenPackage[];
  gateways: GatewayName[];
  loggedIn: boolean;
  /** Smaller cards (the top-up offer under an unlock panel). */
  compact?: boolean;
}

const GATEWAY_LABEL: Record<GatewayName, string> = { stripe: 'Pay by card', test: 'Test checkout' };

/** Token packages with one buy button per enabled gateway; pressing one goes to that gateway's checkout. */
export default function PackagePicker({ packages, gateways, loggedIn, compact = false }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!packages.length) return <p className="muted">No token packages are on sale right now.</p>;
  const best = Math.max(...packages.map((p) => p.tokens / p.price));
  return (
    <div className={compact ? 'packages packages-compact' : 'packages'}>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
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
              {p.tokens / p.price === best && packages.length > 1 && <span className="chip chip-accent">Best value</span>}
            </div>
            {!compact && p.description && <p className="muted">{p.description}</p>}
            <div className="package-price">{formatMoney(p.price, p.currency)}</div>
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
                    onClick={async () => {
                      setBusy(`${p._id}:${g}`);
                      setError(null);
                      const failed = await buyPackage(p._id, g);
                      if (failed) {
                        setError(failed.message);
                        setBusy(null);
                      }
                    }}
                  >
                    {busy === `${p._id}:${g}` ? 'Opening checkout…' : GATEWAY_LABEL[g]}
                  </button>
                ))
              ) : (
                <p className="muted">Payments are switched off on this site.</p>
              )
            ) : (
              <a className="btn btn-primary" href={`${LOGIN_ROUTE}?next=${encodeURIComponent(TOKENS_ROUTE)}`}>
                Log in to buy
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
