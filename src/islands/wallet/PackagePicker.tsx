import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import type { GatewayName, TokenPackage } from '../../shared/contracts/tokens.ts';
import { formatMoney } from '../../shared/money.ts';
import { loginHref, TOKENS_ROUTE } from '../../shared/routes.ts';
import { $tokenPurchase } from '../../stores/wallet.ts';
import { $packagesCoupon } from '../../stores/coupons.ts';
import CouponField from './CouponField.tsx';

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

/**
 * Token packages with one buy button per enabled gateway; pressing one goes to that gateway's checkout. On the tokens
 * page (not compact) a member may apply a coupon code first: the packages it applies to show their price struck
 * through and the price after it, and are bought with it.
 */
export default function PackagePicker({ packages, gateways, loggedIn, compact = false }: Props) {
  const purchase = useStore($tokenPurchase);
  const coupon = useStore($packagesCoupon);
  const quotes = coupon.status === 'ok' ? coupon.data.quotes : {};
  const applied = coupon.status === 'ok' ? coupon.data.code : null;
  // A purchase refused for its code (used up meanwhile …) says why at the code's field.
  const purchaseCoupon = purchase.status === 'error' && purchase.error.kind === 'server' ? (purchase.error.fields?.coupon ?? null) : null;
  const couponError = coupon.status === 'error' ? messageOf(coupon.error) : purchaseCoupon;
  /** The button pressed last (`packageId:gateway`): it says "Opening checkout…" while the request is under way. */
  const [pressed, setPressed] = useState<string | null>(null);
  // Succeeded means the browser is on its way to the gateway: the buttons stay disabled.
  const busy = purchase.status === 'loading' || purchase.status === 'ok' ? pressed : null;
  if (!packages.length) return <p className="muted">No token packages are on sale right now.</p>;
  const best = bestValues(packages);
  return (
    <div className={compact ? 'packages packages-compact' : 'packages'}>
      {purchase.status === 'error' && !purchaseCoupon && (
        <p className="alert alert-error" role="alert">
          {messageOf(purchase.error)}
        </p>
      )}
      {!compact && loggedIn && gateways.length > 0 && (
        <CouponField
          id="coupon"
          applied={applied}
          error={couponError}
          busy={coupon.status === 'loading' || busy !== null}
          onApply={(code) =>
            void $packagesCoupon.run(
              code,
              packages.map((p) => p._id),
            )
          }
          onRemove={() => {
            $packagesCoupon.reset();
            $tokenPurchase.reset();
          }}
        />
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
            <div className="package-price" data-testid="package-price">
              {quotes[p._id] ? (
                <>
                  <s className="price-was">
                    <span className="visually-hidden">was </span>
                    {formatMoney(p.price, p.currency)}
                  </s>{' '}
                  <span className="visually-hidden">now </span>
                  {formatMoney(quotes[p._id]!.after, p.currency)}
                </>
              ) : (
                formatMoney(p.price, p.currency)
              )}
            </div>
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
                      aria-label={`${GATEWAY_LABEL[g]}: ${p.tokens} tokens for ${formatMoney(quotes[p._id]?.after ?? p.price, p.currency)}`}
                      onClick={() => {
                        setPressed(`${p._id}:${g}`);
                        void $tokenPurchase.run(p._id, g, quotes[p._id] ? applied! : undefined);
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
