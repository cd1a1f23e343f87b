import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CartItem } from '../../stores/cart.ts';
import type { Product } from '../../shared/contracts/products.ts';
import { ACCOUNT_ORDERS_ROUTE, CART_ROUTE, loginHref, TOKENS_ROUTE } from '../../shared/routes.ts';
import { navigation } from '../../client/navigation.ts';
import { $cart, clearCart, removeFromCart, updateCartQuantity } from '../../stores/cart.ts';
import { $cartProducts } from '../../stores/cart-products.ts';
import { flashToast } from '../../stores/toast.ts';
import { $checkout } from '../../stores/wallet.ts';
import { $auth } from '../../stores/auth.ts';
import { useBalance } from '../use-balance.ts';
import { useHydrated } from '../use-hydrated.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError, formErrors } from '../forms/validate.ts';

const DELIVERY_RULES = [
  { name: 'deliveryAddress', what: 'the delivery address', required: true, minLength: 5 },
  { name: 'postalCode', what: 'the postal code', required: true },
  { name: 'phoneNumber', what: 'a phone number for the courier', required: true },
];

interface Props {
  /** `panel`: the header's slide-over (lines and total); `page`: /cart with the delivery form and checkout. */
  mode: 'panel' | 'page';
  /** Whether the page was rendered for a member (the session store takes over once hydrated). */
  loggedIn: boolean;
  /** The member's balance at render time (the store takes over). */
  balance?: number;
}

type Line = { item: CartItem; product: Product | 'gone' | undefined };

/** The cart: lines with quantity steppers, remove and clear, the total in tokens, and (on /cart) checkout. */
export default function CartView({ mode, loggedIn: renderedLoggedIn, balance = 0 }: Props) {
  const hydrated = useHydrated();
  // The header's drawer is on pages shared by visitors and members: once hydrated, the session store says who is here.
  const auth = useStore($auth);
  const loggedIn = hydrated ? auth.loggedIn || renderedLoggedIn : renderedLoggedIn;
  const stored = useStore($cart);
  // The server cannot see the cart (localStorage): both renders start from the loading state.
  const cart = hydrated ? stored : { items: [], total: 0 };
  const products = useStore($cartProducts);
  const checkout = useStore($checkout);
  const busy = checkout.status === 'loading';

  const lines: Line[] = cart.items.map((item) => ({ item, product: products[item._id] }));
  const tokens = lines.reduce((sum, l) => sum + (l.product && l.product !== 'gone' ? l.product.price * l.item.quantity : 0), 0);
  const loading = lines.some((l) => !l.product);
  // While a line is being looked up, what its page said when it was added stands in (a line without it counts as
  // physical): the checkout is laid out at once, with or without the delivery fields, and does not jump when they answer.
  const physical = lines.some((l) => (l.product ? l.product !== 'gone' && l.product.type === 'physical' : l.item.physical !== false));

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
        <a className="btn btn-primary" href={loginHref(CART_ROUTE)}>
          Log in to check out
        </a>
      ) : (
        <CheckoutForm items={cart.items} tokens={loading ? null : tokens} physical={physical} balance={balance} />
      )}
    </div>
  );
}

/**
 * /cart for a member: delivery details (physical goods), the balance, and the one button that pays with tokens. While
 * the lines are looked up (`tokens` null) the form is there to fill in, and the button waits for the total.
 */
function CheckoutForm({ items, tokens, physical, balance: rendered }: { items: CartItem[]; tokens: number | null; physical: boolean; balance: number }) {
  const balance = useBalance(rendered);
  const state = useStore($checkout);
  const busy = state.status === 'loading';
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const { errorOf, summary } = formErrors(state, invalid, ['deliveryAddress', 'postalCode', 'phoneNumber', 'userNote']);
  // One Idempotency-Key per press; a new attempt (after fixing the cart) is a new request.
  const key = useRef(crypto.randomUUID());

  const submit = async (el: HTMLFormElement) => {
    if (tokens === null) return;
    const data = new FormData(el);
    const field = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const problems = physical ? checkFields(Object.fromEntries([...data].map(([k, v]) => [k, String(v)])), DELIVERY_RULES) : {};
    setInvalid(problems);
    if (Object.keys(problems).length) return focusFirstError(form.current);
    const result = await $checkout.run(
      {
        products: items.map(({ _id, quantity }) => ({ _id, quantity })),
        deliveryAddress: field('deliveryAddress'),
        postalCode: field('postalCode'),
        phoneNumber: field('phoneNumber'),
        userNote: field('userNote'),
      },
      key.current,
    );
    if (!result.ok) {
      key.current = crypto.randomUUID();
      return focusFirstError(form.current);
    }
    clearCart();
    const placed = result.data.orders.length;
    flashToast(`Thank you! ${placed} order${placed === 1 ? '' : 's'} placed for ${result.data.totalPrice} tokens.`, 'success');
    navigation.go(ACCOUNT_ORDERS_ROUTE);
  };

  return (
    <form
      ref={form}
      method="post"
      noValidate
      className="checkout"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      {physical && (
        <fieldset>
          <legend>Delivery</legend>
          <Field textarea name="deliveryAddress" label="Address" rows={2} autoComplete="street-address" error={errorOf('deliveryAddress')} />
          <Field name="postalCode" label="Postal code" autoComplete="postal-code" error={errorOf('postalCode')} />
          <Field name="phoneNumber" label="Phone" type="tel" autoComplete="tel" error={errorOf('phoneNumber')} />
        </fieldset>
      )}
      <Field name="userNote" label="Note (optional)" maxLength={1000} error={errorOf('userNote')} />
      <p className="muted">
        Your balance: {balance} tokens{tokens !== null && balance < tokens ? ` — ${tokens - balance} short` : ''}.
      </p>
      {summary && state.status === 'error' && (
        <div className="alert alert-error" role="alert" data-testid="checkout-error">
          {summary}
          {state.error.code === 'INSUFFICIENT_BALANCE' && (
            <>
              {' '}
              <a href={TOKENS_ROUTE}>Buy tokens</a>
            </>
          )}
        </div>
      )}
      <div className="actions">
        <button className="btn btn-primary" type="submit" disabled={busy || tokens === null} aria-busy={busy || tokens === null} data-testid="checkout">
          {busy ? 'Placing your order…' : `Pay ${tokens ?? '…'} tokens`}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={clearCart}>
          Clear cart
        </button>
      </div>
    </form>
  );
}
