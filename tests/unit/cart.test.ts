// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { $cart, addToCart, clearCart, removeFromCart, updateCartQuantity } from '../../src/stores/cart.ts';
import { resetAll } from '../../src/stores/reset.ts';

describe('the cart store (SPEC.md §3–4)', () => {
  beforeEach(() => clearCart());

  it('adds items; the total is the sum of quantities', () => {
    expect(
      addToCart([
        { _id: 'a', quantity: 2 },
        { _id: 'b', quantity: 1 },
      ]),
    ).toBe(true);
    expect($cart.get()).toEqual({
      items: [
        { _id: 'a', quantity: 2 },
        { _id: 'b', quantity: 1 },
      ],
      total: 3,
    });
  });

  it('ignores the whole add when any added item is already in the cart', () => {
    addToCart([{ _id: 'a', quantity: 1 }]);
    expect(
      addToCart([
        { _id: 'c', quantity: 5 },
        { _id: 'a', quantity: 1 },
      ]),
    ).toBe(false);
    expect($cart.get()).toEqual({ items: [{ _id: 'a', quantity: 1 }], total: 1 });
  });

  it('removes one item, clears all, and updates a quantity (default 1)', () => {
    addToCart([
      { _id: 'a', quantity: 3 },
      { _id: 'b', quantity: 4 },
    ]);
    updateCartQuantity('b', 6);
    expect($cart.get().total).toBe(9);
    updateCartQuantity('b');
    expect($cart.get().items.find((i) => i._id === 'b')!.quantity).toBe(1);
    removeFromCart('a');
    expect($cart.get()).toEqual({ items: [{ _id: 'b', quantity: 1 }], total: 1 });
    clearCart();
    expect($cart.get()).toEqual({ items: [], total: 0 });
  });

  it('keeps what a product page said of a line (physical or not) only when it is a yes or a no', () => {
    addToCart([
      { _id: 'print', quantity: 2, physical: true },
      { _id: 'download', quantity: 1, physical: false },
    ]);
    expect(JSON.parse(localStorage.getItem('tessera:cart')!).items).toEqual([
      { _id: 'print', quantity: 2, physical: true },
      { _id: 'download', quantity: 1, physical: false },
    ]);
    const newValue = JSON.stringify({
      items: [
        { _id: 'p1', quantity: 1, physical: 'yes' },
        { _id: 'p2', quantity: 1, physical: false },
        { _id: 'p3', quantity: 1 },
      ],
    });
    window.dispatchEvent(Object.assign(new Event('storage'), { key: 'tessera:cart', newValue }));
    expect($cart.get().items).toEqual([
      { _id: 'p1', quantity: 1 },
      { _id: 'p2', quantity: 1, physical: false },
      { _id: 'p3', quantity: 1 },
    ]);
  });

  it('is kept in localStorage, follows another tab, drops damaged lines, and is emptied by the reset of a logout', () => {
    addToCart([{ _id: 'p1', quantity: 2 }]);
    expect(JSON.parse(localStorage.getItem('tessera:cart')!)).toEqual({ items: [{ _id: 'p1', quantity: 2 }], total: 2 });
    // Another tab wrote the cart: this tab's store follows, keeping only well-formed lines.
    const newValue = JSON.stringify({
      items: [
        { _id: 'p2', quantity: 1 },
        { _id: 3, quantity: 'x' },
        { _id: 'p3', quantity: 0 },
      ],
      total: 99,
    });
    window.dispatchEvent(Object.assign(new Event('storage'), { key: 'tessera:cart', newValue }));
    expect($cart.get()).toEqual({ items: [{ _id: 'p2', quantity: 1 }], total: 1 });
    window.dispatchEvent(Object.assign(new Event('storage'), { key: 'tessera:cart', newValue: '{not json' }));
    expect($cart.get()).toEqual({ items: [], total: 0 });
    addToCart([{ _id: 'p4', quantity: 1 }]);
    resetAll();
    expect($cart.get()).toEqual({ items: [], total: 0 });
  });
});
