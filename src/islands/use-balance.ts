import { useStore } from '@nanostores/react';
import { $balance } from '../stores/wallet.ts';
import { useHydrated } from './use-hydrated.ts';

/**
 * The member's balance: what the page was rendered with until the island has hydrated (so both renders agree), then
 * the store's (live: a top-up or a spend in another tab shows here too).
 */
export function useBalance(rendered: number): number {
  const live = useStore($balance);
  return useHydrated() ? (live ?? rendered) : rendered;
}
