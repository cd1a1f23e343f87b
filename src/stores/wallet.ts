import { atom, computed, onMount } from 'nanostores';
import { client } from '../client/api.ts';
import * as walletCalls from '../shared/calls/wallet.ts';
import { navigation } from '../client/navigation.ts';
import type { UnlockKind } from '../shared/calls/wallet.ts';
import type { CheckoutBody } from '../shared/contracts/orders.ts';
import { toFailure } from '../shared/contracts/errors.ts';
import type { GatewayName, PaymentStatus } from '../shared/contracts/tokens.ts';
import { onLive } from './live.ts';
import { onResetAll } from './reset.ts';
import { payload, requestFamily, requestStore } from './request.ts';
import { showToast } from './toast.ts';
import { $user, setBalance } from './user.ts';

/** The member's token balance (null when anonymous). While anything shows it, it follows the live `update_balance`. */
export const $balance = computed($user, (user) => user?.balance ?? null);
onMount($balance, () => onLive('update_balance', ({ balance }) => setBalance(balance)));

/** The active token packages and the enabled gateways (loaded on demand: /tokens, and the top-up offer of an unlock). */
export const $packages = requestStore(async () => {
  const [packages, gateways] = await Promise.all([walletCalls.tokenPackages(client()), walletCalls.paymentGateways(client())]);
  return { list: packages.data.data, gateways: gateways.data.gateways };
});

export async function loadPackages(): Promise<void> {
  const { status } = $packages.get();
  if (status === 'idle' || status === 'error') await $packages.run();
}

/**
 * Unlocks an item, one request state per item. One Idempotency-Key per attempt: a network failure is retried with
 * the same key (it can spend nothing twice); the server's answers, a 401 above all, are never retried. The new
 * balance is applied at once (the live `update_balance` confirms it in every tab).
 */
export const unlocks = requestFamily(async (id: string, kind: UnlockKind) => {
  const key = crypto.randomUUID();
  for (let attempt = 0; ; attempt++) {
    try {
      const data = await payload(walletCalls.unlock(client(), kind, id, key));
      if (data.balance !== undefined) setBalance(data.balance);
      return data;
    } catch (err) {
      if (attempt >= 2 || toFailure(err).kind !== 'network') throw err;
    }
  }
});

/** Starts a token package payment (with the coupon applied, if any); on success the browser goes to the gateway's checkout. */
export const $tokenPurchase = requestStore(async (packageId: string, gateway: GatewayName, coupon?: string) => {
  const data = await payload(walletCalls.purchaseTokens(client(), { packageId, gateway, ...(coupon ? { coupon } : {}) }));
  navigation.go(data.paymentUrl);
  return data;
});

/** The built-in test gateway's buttons: the server settles through its signed webhook, then the browser follows its redirect. */
export const $testCheckout = requestStore(async (paymentId: string, action: 'confirm' | 'cancel') => {
  const data = await payload(walletCalls.testCheckout(client(), paymentId, action));
  navigation.go(data.redirectUrl);
  return { action };
});

/** Checks out the cart (one Idempotency-Key per press of the button; a new attempt after a failure is a new key). */
export const $checkout = requestStore(async (body: CheckoutBody, key: string) => {
  const data = await payload(walletCalls.checkout(client(), body, key));
  if (data.balance !== undefined) setBalance(data.balance);
  return data;
});

/** The last `payment_status_callback` (the payment pages follow it); a toast says it on any page that listens. */
export const $paymentUpdate = atom<{ redirectUrl: string; status: string; at: number } | null>(null);
onMount($paymentUpdate, () =>
  onLive('payment_status_callback', ({ redirectUrl, status }) => {
    $paymentUpdate.set({ redirectUrl, status, at: Date.now() });
    showToast(
      status === 'success' ? 'Payment received: your tokens are in your balance.' : 'The payment did not go through; nothing was charged.',
      status === 'success' ? 'success' : 'error',
    );
  }),
);

/** Payments followed by a page, by id: their last known status. */
export const $payments = atom<Record<string, PaymentStatus>>({});

const POLL_MS = 3000;
const POLL_TRIES = 40;

/**
 * Follows a payment the provider has not confirmed yet: the live `payment_status_callback`, and a look at the API
 * every few seconds in case the live connection is down. Returns the function that stops following.
 */
export function followPayment(id: string, initial: PaymentStatus): () => void {
  const set = (status: PaymentStatus) => $payments.set({ ...$payments.get(), [id]: status });
  set($payments.get()[id] ?? initial);
  const stopLive = $paymentUpdate.subscribe((update) => {
    if (update?.redirectUrl.includes(id)) set(update.status as PaymentStatus);
  });
  let tries = 0;
  const timer = setInterval(() => {
    if ($payments.get()[id] !== 'pending' || ++tries > POLL_TRIES) return clearInterval(timer);
    void walletCalls.payment(client(), id).then(
      ({ data }) => data.status !== 'pending' && set(data.status),
      () => {}, // asked again at the next tick
    );
  }, POLL_MS);
  return () => {
    clearInterval(timer);
    stopLive();
  };
}

onResetAll(() => {
  $paymentUpdate.set(null);
  $payments.set({});
});
