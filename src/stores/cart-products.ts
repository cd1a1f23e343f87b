import { map, onMount } from 'nanostores';
import { api } from '../client/api.ts';
import { toFailure } from '../shared/contracts/errors.ts';
import type { Product } from '../shared/contracts/products.ts';
import { $cart } from './cart.ts';
import { onResetAll } from './reset.ts';

/** What the cart's lines show: each product as the catalogue has it now, or 'gone' when it left the catalogue. */
export const $cartProducts = map<Record<string, Product | 'gone'>>({});

/** While the cart is on screen, the products of its lines are looked up (once each; a quantity change asks nothing). */
onMount($cartProducts, () =>
  $cart.subscribe(({ items }) => {
    const known = $cartProducts.get();
    for (const { _id } of items) {
      if (known[_id] || asked.has(_id)) continue;
      asked.add(_id);
      void api.product(_id, { countView: false }).then(
        ({ data }) => $cartProducts.setKey(_id, data),
        (err) => {
          const failure = toFailure(err);
          // Unknown to the catalogue now: the line says so. Anything else (offline, a 5xx): asked again next time.
          if (failure.kind === 'server' && failure.status < 500) $cartProducts.setKey(_id, 'gone');
          else asked.delete(_id);
        },
      );
    }
  }),
);
const asked = new Set<string>();

onResetAll(() => {
  $cartProducts.set({});
  asked.clear();
});
