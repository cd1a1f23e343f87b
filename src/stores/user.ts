import { atom } from 'nanostores';
import { DEFAULT_AVATAR, type CurrentUser } from '../shared/contracts/users.ts';
import { onResetAll } from './reset.ts';

/** The logged-in member (null when anonymous). */
export const $user = atom<CurrentUser | null>(null);

export function setUser(user: CurrentUser | null): void {
  $user.set(user ? { ...user, avatar: user.avatar || DEFAULT_AVATAR } : null);
}

/** Adds a token amount (negative to spend) to the balance (SPEC.md §4). */
export function updateBalance(delta: number): void {
  const user = $user.get();
  if (user) $user.set({ ...user, balance: user.balance + delta });
}

/** Sets the absolute balance the server sent (live `update_balance`), so the client never drifts. */
export function setBalance(balance: number): void {
  const user = $user.get();
  if (user) $user.set({ ...user, balance });
}

export function resetUser(): void {
  $user.set(null);
}

onResetAll(resetUser);
