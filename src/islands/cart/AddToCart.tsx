import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { CART_ROUTE } from '../../shared/routes.ts';
import { $cart, addToCart } from '../../stores/cart.ts';
import { showToast } from '../../stores/toast.ts';
import { useHydrated } from '../use-hydrated.ts';

interface Props {
  productId: string;
  name: string;
  type: 'digital' | 'physical';
  /** Units in stock (physical). */
  stock: number | null;
}

/** Quantity (physical goods) and "Add to cart"; an item already in the cart links to it instead. */
export default function AddToCart({ productId, name, type, stock }: Props) {
  const cart = useStore($cart);
  const [quantity, setQuantity] = useState(1);
  /** Said when a typed quantity is above the stock and was lowered to it. */
  const [lowered, setLowered] = useState(false);
  const max = type === 'physical' ? Math.max(0, stock ?? 0) : 1;
  const inCart = useHydrated() && cart.items.some((i) => i._id === productId);
  if (max === 0) {
    return (
      <button className="btn" type="button" disabled>
        Sold out
      </button>
    );
  }
  if (inCart) {
    return (
      <p className="in-cart">
        <span className="chip chip-accent">In your cart</span>{' '}
        <a className="btn" href={CART_ROUTE} data-testid="view-cart">
          View cart
        </a>
      </p>
    );
  }
  return (
    <div className="add-to-cart">
      {type === 'physical' && (
        <label className="qty">
          <span>Quantity</span>
          <input
            type="number"
            min={1}
            max={max}
            value={quantity}
            onChange={(e) => {
              const wanted = Math.max(1, Number(e.target.value) || 1);
              setLowered(wanted > max);
              setQuantity(Math.min(max, wanted));
            }}
            aria-describedby={lowered ? `stock-note-${productId}` : undefined}
            data-testid="quantity"
          />
        </label>
      )}
      {lowered && (
        <p className="muted" id={`stock-note-${productId}`} role="status" data-testid="quantity-note">
          Only {max} in stock: the quantity is set to {max}.
        </p>
      )}
      <button
        className="btn btn-primary"
        type="button"
        data-testid="add-to-cart"
        onClick={() => {
          if (addToCart([{ _id: productId, quantity, physical: type === 'physical' }])) showToast(`${name} is in your cart.`, 'success');
        }}
      >
        Add to cart
      </button>
    </div>
  );
}
