import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../../client/api.ts';
import type { Product } from '../../shared/contracts/products.ts';
import { ACCOUNT_ORDERS_ROUTE, CART_ROUTE, LOGIN_ROUTE, TOKENS_ROUTE } from '../../shared/routes.ts';
import { $cart, clearCart, removeFromCart, updateCartQuantity } from '../../stores/cart.ts';
import { flashToast } from '../../stores/toast.ts';
import { $user } from '../../stores/user.ts';
import { checkoutCart, type PurchaseFailure } from '../../stores/wallet.ts';
import { useHydrated } from '../use-hydrated.ts';

interface Props {
  /** `panel`: the header's slide-over (lines and total); `page`: /cart with the delivery form and checkout. */
  mode: 'panel' | 'page';
  loggedIn: boolean;
  /** The member's balance at render time (the store takes over). */
  balance?: number;
}

type Lookup = Record<string, Product | 'gone'>;

/** The cart: lines with quantity steppers, remove and clear, the total in tokens, and (on /cart) checkout. */
export default function CartView({ mode, loggedIn, balance: initialBalance = 0 }: Props) {
  const hydrated = useHydrated();
  const stored = useStore($cart);
  // The server cannot see the cart (localStorage): both renders start from the loading state.
  const cart = hydrated ? stored : { items: [], total: 0 };
  const user = useStore($user);
  const balance = user?.balance ?? initialBalance;
  const [products, setProducts] = useState<Lookup>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PurchaseFailure | null>(null);
  const key = useRef(crypto.randomUUID());

  const ids = cart.items.map((i) => i._id).join(',');
  useEffect(() => {
    const missing = cart.items.filter((i) => !products[i._id]);
    if (!missing.length) return;
    void Promise.all(
      missing.map((i) =>
        api.product(i._id, { countView: false }).then(
          (r) => [i._id, r.data] as const,
          () => [i._id, 'gone'] as const,
        ),
      ),
    ).then((found) => setProducts((p) => ({ ...p, ...Object.fromEntries(found) })));
    // Keyed on the ids (not the items): a quantity change needs no new lookup.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [ids]);

  const lines = cart.items.map((item) => ({ item, product: products[item._id] }));
  const tokens = lines.reduce((sum, l) => sum + (l.product && l.product !== 'gone' ? l.product.price * l.item.quantity : 0), 0);
  const physical = lines.some((l) => l.product && l.product !== 'gone' && l.product.type === 'physical');
  const loading = lines.some((l) => !l.product);

  if (!hydrated)
    return (
      <p className="muted" aria-busy="true">
        Loading your cart…
      </p>
    );
  if (!cart.items.length) {
    return (
      <div className="cart-empty" data-testid="cart-empty">
        <p>Your cart is empty.</p>
        <a className="btn" href="/store">
          Browse the store
        </a>
      </div>
    );
  }

  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setBusy(true);
    setFailure(null);
    const result = await checkoutCart(
      {
        products: cart.items,
        deliveryAddress: field('deliveryAddress'),
        postalCode: field('postalCode'),
        phoneNumber: field('phoneNumber'),
        userNote: field('userNote'),
      },
      key.current,
    );
    if (result.ok) {
      clearCart();
      flashToast(
        `Thank you! ${result.result.orders.length} order${result.result.orders.length === 1 ? '' : 's'} placed for ${result.result.totalPrice} tokens.`,
        'success',
      );
      window.location.assign(ACCOUNT_ORDERS_ROUTE);
      return;
    }
    // A new attempt (after fixing the cart) is a new request.
    key.current = crypto.randomUUID();
    setFailure(result.failure);
    setBusy(false);
  };

  return (
    <div className={`cart cart-${mode}`}>
      <ul className="cart-lines" data-testid="cart-lines">
        {lines.map(({ item, product }) => (
          <li key={item._id} className="cart-line" data-testid="cart-line">
            {product === 'gone' ? (
              <span className="muted">This product is no longer available.</span>
            ) : product ? (
              <>
                {product.images[0] && <img src={product.images[0].thumbnails[0] ?? product.images[0].url} alt="" width={56} height={56} loading="lazy" />}
                <div className="cart-line-info">
                  <a href={`/store/${product.slug}`}>{product.name}</a>
                  <small className="muted">
                    {product.price} tokens{product.type === 'digital' ? ' · download' : ''}
                  </small>
                </div>
                {product.type === 'physical' ? (
                  <div className="stepper" role="group" aria-label={`Quantity of ${product.name}`}>
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label="One less"
                      disabled={item.quantity <= 1 || busy}
                      onClick={() => updateCartQuantity(item._id, item.quantity - 1)}
                    >
                      −
                    </button>
                    <output data-testid="line-quantity">{item.quantity}</output>
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label="One more"
                      disabled={item.quantity >= (product.stock ?? 0) || busy}
                      onClick={() => updateCartQuantity(item._id, item.quantity + 1)}
                    >
                      +
                    </button>
                  </div>
                ) : (
                  <output>1</output>
                )}
              </>
            ) : (
              <span className="skeleton-line" aria-busy="true">
                Loading…
              </span>
            )}
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => removeFromCart(item._id)} aria-label="Remove from cart">
              Remove
            </button>
          </li>
        ))}
      </ul>
      <p className="cart-total">
        <span>
          {cart.total} item{cart.total === 1 ? '' : 's'}
        </span>
        <strong data-testid="cart-tokens">{loading ? '…' : `${tokens} tokens`}</strong>
      </p>
      {mode === 'panel' ? (
        <div className="actions">
          <a className="btn btn-primary" href={CART_ROUTE}>
            Go to checkout
          </a>
          <button type="button" className="btn btn-ghost" onClick={clearCart}>
            Clear cart
          </button>
        </div>
      ) : !loggedIn ? (
        <a className="btn btn-primary" href={`${LOGIN_ROUTE}?next=${encodeURIComponent(CART_ROUTE)}`}>
          Log in to check out
        </a>
      ) : (
        <form
          className="checkout"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(e.currentTarget);
          }}
        >
          {physical && (
            <fieldset>
              <legend>Delivery</legend>
              <label className="field">
                <span>Address</span>
                <textarea name="deliveryAddress" required minLength={5} rows={2} autoComplete="street-address" />
              </label>
              <label className="field">
                <span>Postal code</span>
                <input name="postalCode" required autoComplete="postal-code" />
              </label>
              <label className="field">
                <span>Phone</span>
                <input name="phoneNumber" type="tel" required autoComplete="tel" />
              </label>
            </fieldset>
          )}
          <label className="field">
            <span>Note (optional)</span>
            <input name="userNote" maxLength={1000} />
          </label>
          <p className="muted">
            Your balance: {balance} tokens{!loading && balance < tokens ? ` — ${tokens - balance} short` : ''}.
          </p>
          {failure && (
            <div className="alert alert-error" role="alert" data-testid="checkout-error">
              {failure.message}
              {failure.code === 'INSUFFICIENT_BALANCE' && (
                <>
                  {' '}
                  <a href={TOKENS_ROUTE}>Buy tokens</a>
                </>
              )}
            </div>
          )}
          <div className="actions">
            <button className="btn btn-primary" type="submit" disabled={busy || loading} aria-busy={busy} data-testid="checkout">
              {busy ? 'Placing your order…' : `Pay ${loading ? '' : tokens} tokens`}
            </button>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={clearCart}>
              Clear cart
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
