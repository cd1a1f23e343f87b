import { computed, onMount } from 'nanostores';
import { client } from '../client/api.ts';
import * as catalogueCalls from '../shared/calls/catalogue.ts';
import type { Product } from '../shared/contracts/products.ts';
import { $cart } from './cart.ts';
import { payload, requestFamily } from './request.ts';

/** The catalogue's answer for each product a cart line names (one request state per product). */
export const productLookups = requestFamily((id: string) => payload(catalogueCalls.product(client(), id, { countView: false })));

/**
 * What the cart's lines show: each product as the catalogue has it now, 'gone' when the catalogue no longer has it,
 * nothing while it is being looked up.
 */
export const $cartProducts = computed(productLookups.$states, (states) => {
  const products: Record<string, Product | 'gone'> = {};
  for (const [id, state] of Object.entries(states)) {
    if (state.status === 'ok') products[id] = state.data;
    else if (state.status === 'error' && state.error.kind === 'server' && state.error.status < 500) products[id] = 'gone';
  }
  return products;
});

/** While the cart is on screen, the products of its lines are looked up: once each, again only after a failed try. */
onMount($cartProducts, () =>
  $cart.subscribe(({ items }) => {
    for (const { _id } of items) {
      const { status } = productLookups.of(productLookups.$states.get(), _id);
      if (status === 'idle' || (status === 'error' && !$cartProducts.get()[_id])) void productLookups.run(_id);
    }
  }),
);
