import { atom } from 'nanostores';
import { api } from '../client/api.ts';
import { ApiError } from '../shared/api-client.ts';
import type { UnlockKind } from '../shared/calls.ts';
import type { CheckoutBody, CheckoutResult } from '../shared/contracts/orders.ts';
import type { GatewayName, TokenPackage } from '../shared/contracts/tokens.ts';
import { GENERIC_ERROR } from '../shared/messages.ts';
import { onResetAll } from './reset.ts';
import { setBalance } from './user.ts';

/** Why a purchase did not go through, in a form islands can branch on. */
export interface PurchaseFailure {
  code: string;
  status: number;
  message: string;
}

const failure = (err: unknown): PurchaseFailure =>
  err instanceof ApiError
    ? { code: err.error, status: err.statusCode, message: err.message }
    : { code: 'NETWORK_ERROR', status: 0, message: err instanceof Error ? err.message : GENERIC_ERROR };

/** The active token packages (loaded on demand: the /tokens page and the "top up" offer of an unlock). */
export const $packages = atom<{ loading: boolean; list: TokenPackage[]; gateways: GatewayName[] }>({ loading: false, list: [], gateways: [] });

export async function loadPackages(): Promise<void> {
  if ($packages.get().loading || $packages.get().list.length) return;
  $packages.set({ ...$packages.get(), loading: true });
  try {
    const [packages, gateways] = await Promise.all([api.tokenPackages(), api.paymentGateways()]);
    $packages.set({ loading: false, list: packages.data.data, gateways: gateways.data.gateways });
  } catch {
    $packages.set({ ...$packages.get(), loading: false });
  }
}

/**
 * Unlocks an item. One Idempotency-Key per attempt, so a retry after a network error spends nothing twice. The new
 * balance is applied at once (the live `update_balance` confirms it in every tab).
 */
export async function unlockItem(kind: UnlockKind, id: string): Promise<{ ok: true } | { ok: false; failure: PurchaseFailure }> {
  const key = crypto.randomUUID();
  for (let attempt = 0; ; attempt++) {
    try {
      const { data } = await api.unlock(kind, id, key);
      if (data.balance !== undefined) setBalance(data.balance);
      return { ok: true };
    } catch (err) {
      const f = failure(err);
      if (f.code === 'NETWORK_ERROR' && attempt < 2) continue;
      return { ok: false, failure: f };
    }
  }
}

/** Starts a token package payment and sends the browser to the gateway's checkout. */
export async function buyPackage(packageId: string, gateway: GatewayName): Promise<PurchaseFailure | null> {
  try {
    const { data } = await api.purchaseTokens({ packageId, gateway });
    window.location.assign(data.paymentUrl);
    return null;
  } catch (err) {
    return failure(err);
  }
}

/** Checks out the cart (one Idempotency-Key per press of the button). */
export async function checkoutCart(body: CheckoutBody, key: string): Promise<{ ok: true; result: CheckoutResult } | { ok: false; failure: PurchaseFailure }> {
  try {
    const { data } = await api.checkout(body, key);
    if (data.balance !== undefined) setBalance(data.balance);
    return { ok: true, result: data };
  } catch (err) {
    return { ok: false, failure: failure(err) };
  }
}

onResetAll(() => $packages.set({ loading: false, list: [], gateways: [] }));
