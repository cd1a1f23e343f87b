import type { ApiCalls } from '../../shared/page-calls.ts';
import type { PaymentTransaction } from '../../shared/contracts/tokens.ts';

/** The payment named by `?payment=` (the gateway's return links), if it is the member's; else null. */
export async function paymentOf(url: URL, api: ApiCalls): Promise<PaymentTransaction | null> {
  const id = url.searchParams.get('payment');
  if (!id) return null;
  return api.payment(id).then(
    (r) => r.data,
    () => null,
  );
}
