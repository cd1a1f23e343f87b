import { atom } from 'nanostores';
import type { CurrentUser } from '../shared/contracts/users.ts';
import { DEFAULT_AVATAR } from '../shared/routes.ts';
import { onResetAll } from './reset.ts';

/** The logged-in member (null when anonymous). */
export const $user = atom<CurrentUser | null>(null);

export function setUser(user: CurrentUser | null): void {
  $user.set(user ? { ...user, avatar: user.avatar || DEFAULT_AVATAR } : null);
}

/**
 * Sets the balance (SPEC.md §4 "balance update"): the live `update_balance` carries the change and the absolute
 * balance after it, and the absolute one is applied so that a missed event never leaves the chip wrong.
 */
export function setBalance(balance: number): void {
  const user = $user.get();
  if (user && user.balance !== balance) $user.set({ ...user, balance });
}

onResetAll(() => $user.set(null));
