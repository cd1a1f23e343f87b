import { persistentAtom } from '@nanostores/persistent';
import { onResetAll } from './reset.ts';

/** One line of the cart (SPEC.md §3): a product id and a quantity. */
export interface CartItem {
  _id: string;
  quantity: number;
  /**
   * Whether the product is a physical one, as its page said when it was added: /cart lays out its checkout (with or
   * without the delivery fields) before the product lookups answer, so that nothing jumps. Not sent at checkout.
   */
  physical?: boolean;
}
export interface CartState {
  items: CartItem[];
  /** The sum of the quantities (SPEC.md §9). */
  total: number;
}

/** A line as the cart keeps it: the hint only when it is a boolean. */
const lineOf = (_id: string, quantity: number, physical: unknown): CartItem =>
  typeof physical === 'boolean' ? { _id, quantity, physical } : { _id, quantity };

const EMPTY: CartState = { items: [], total: 0 };
const totalOf = (items: CartItem[]) => items.reduce((sum, i) => sum + i.quantity, 0);

/** The cart, kept in localStorage so that it survives a reload (and is shared by the tabs of this browser). */
export const $cart = persistentAtom<CartState>('tessera:cart', EMPTY, {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      const parsed = JSON.parse(raw) as CartState;
      const items = Array.isArray(parsed.items)
        ? parsed.items
            .filter((i) => typeof i._id === 'string' && Number.isInteger(i.quantity) && i.quantity > 0)
            .map((i) => lineOf(i._id, i.quantity, i.physical))
        : [];
      return { items, total: totalOf(items) };
    } catch {
      return EMPTY;
    }
  },
});

const set = (items: CartItem[]) => $cart.set({ items, total: totalOf(items) });

/** Adds items; if any of them is already in the cart, the whole add is ignored (SPEC.md §4). Returns whether it added. */
export function addToCart(items: CartItem[]): boolean {
  const current = $cart.get().items;
  if (items.some((i) => current.some((c) => c._id === i._id))) return false;
  set([...current, ...items.map((i) => lineOf(i._id, Math.max(1, Math.floor(i.quantity || 1)), i.physical))]);
  return true;
}

export function removeFromCart(id: string): void {
  set($cart.get().items.filter((i) => i._id !== id));
}

export function clearCart(): void {
  set([]);
}

/** Sets one line's quantity (default 1). */
export function updateCartQuantity(id: string, quantity = 1): void {
  const q = Math.max(1, Math.floor(quantity));
  set($cart.get().items.map((i) => (i._id === id ? { ...i, quantity: q } : i)));
}

// A shared computer: the next person does not inherit the cart.
onResetAll(clearCart);
