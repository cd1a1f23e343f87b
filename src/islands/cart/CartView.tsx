import { useStore } from '@nanostores/react';
import type { CartItem } from '../../stores/cart.ts';
import type { Product } from '../../shared/contracts/products.ts';
import { CART_ROUTE, loginHref } from '../../shared/routes.ts';
import { $cart, clearCart, removeFromCart, updateCartQuantity } from '../../stores/cart.ts';
import { $cartProducts } from '../../stores/cart-products.ts';
import { $checkout } from '../../stores/wallet.ts';
import { $auth } from '../../stores/auth.ts';
import { useHydrated } from '../use-hydrated.ts';
import CheckoutForm from './CheckoutForm.tsx';
import type { Recipient } from './DeliveryFields.tsx';

interface Props {
  /** `panel`: the header's slide-over (lines and total); `page`: /cart with the delivery form and checkout. */
  mode: 'panel' | 'page';
  /** Whether the page was rendered for a member (the session store takes over once hydrated). */
  loggedIn: boolean;
  /** The member's balance at render time (the store takes over). */
  balance?: number;
  /** What a physical checkout's recipient and country start with (the member's name and country, when known). */
  recipient?: Recipient;
}

type Line = { item: CartItem; product: Product | 'gone' | undefined };
const NO_RECIPIENT: Recipient = { name: '', country: null };

/** The cart: lines with quantity steppers, remove and clear, the total in tokens, and (on /cart) checkout. */
export default function CartView({ mode, loggedIn: renderedLoggedIn, balance = 0, recipient = NO_RECIPIENT }: Props) {
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
        <CheckoutForm items={cart.items} tokens={loading ? null : tokens} physical={physical} balance={balance} recipient={recipient} />
      )}
    </div>
  );
}
