import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CartItem } from '../../stores/cart.ts';
import { ACCOUNT_ORDERS_ROUTE, TOKENS_ROUTE } from '../../shared/routes.ts';
import { navigation } from '../../client/navigation.ts';
import { clearCart } from '../../stores/cart.ts';
import { flashToast } from '../../stores/toast.ts';
import { $checkout } from '../../stores/wallet.ts';
import { $cartCoupon } from '../../stores/coupons.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import CouponField from '../wallet/CouponField.tsx';
import { useBalance } from '../use-balance.ts';
import Field from '../forms/Field.tsx';
import { checkFields, focusFirstError, formErrors } from '../forms/validate.ts';
import DeliveryFields, { DELIVERY_RULES, type Recipient } from './DeliveryFields.tsx';

const FIELDS = ['recipientName', 'deliveryAddress', 'postalCode', 'country', 'phoneNumber', 'userNote', 'coupon'];

interface Props {
  items: CartItem[];
  /** The total in tokens; null while the lines are looked up. */
  tokens: number | null;
  /** Whether the cart holds a physical product (the delivery fields are asked). */
  physical: boolean;
  /** The member's balance at render time (the store takes over). */
  balance: number;
  /** What the delivery fields start with. */
  recipient: Recipient;
}

/**
 * /cart for a member: delivery details (physical goods), a coupon code, the balance, and the one button that pays with
 * tokens. While the lines are looked up (`tokens` null) the form is there to fill in, and the button waits for the
 * total. An applied code shows the total struck through and the price after it; a change of the cart asks again.
 */
export default function CheckoutForm({ items, tokens, physical, balance: rendered, recipient }: Props) {
  const balance = useBalance(rendered);
  const state = useStore($checkout);
  const busy = state.status === 'loading';
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const { errorOf, summary } = formErrors(state, invalid, FIELDS);
  // One Idempotency-Key per press; a new attempt (after fixing the cart) is a new request.
  const key = useRef(crypto.randomUUID());
  const coupon = useStore($cartCoupon);
  const lines = items.map(({ _id, quantity }) => ({ _id, quantity }));
  // The price after the code, while the quote is of this cart's total.
  const quoted = coupon.data && tokens !== null && coupon.data.before === tokens ? coupon.data : null;
  const applied = coupon.status === 'ok' || (coupon.status === 'loading' && coupon.data) ? (coupon.data?.code ?? null) : null;
  const toPay = quoted ? quoted.after : tokens;
  // The cart changed under an applied code: its price is asked again.
  useEffect(() => {
    if (applied && tokens !== null && coupon.status === 'ok' && coupon.data.before !== tokens) void $cartCoupon.run(applied, lines);
  }, [tokens, applied]); // eslint-disable-line react-hooks/exhaustive-deps
  const couponError = coupon.status === 'error' ? messageOf(coupon.error) : errorOf('coupon');
  // A checkout refused for its code: that refusal is over once the member applies another code or takes it off.
  const forgetCouponRefusal = () => {
    if (state.status === 'error' && state.error.kind === 'server' && state.error.fields?.coupon) $checkout.reset();
  };

  const submit = async (el: HTMLFormElement) => {
    if (tokens === null) return;
    const data = new FormData(el);
    const field = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const problems = physical ? checkFields(Object.fromEntries([...data].map(([k, v]) => [k, String(v)])), DELIVERY_RULES) : {};
    setInvalid(problems);
    if (Object.keys(problems).length) return focusFirstError(form.current);
    const result = await $checkout.run(
      {
        products: items.map(({ _id, quantity }) => ({ _id, quantity })),
        recipientName: field('recipientName'),
        deliveryAddress: field('deliveryAddress'),
        postalCode: field('postalCode'),
        country: field('country'),
        phoneNumber: field('phoneNumber'),
        userNote: field('userNote'),
        ...(applied ? { coupon: applied } : {}),
      },
      key.current,
    );
    if (!result.ok) {
      key.current = crypto.randomUUID();
      return focusFirstError(form.current);
    }
    clearCart();
    const placed = result.data.orders.length;
    $cartCoupon.reset();
    flashToast(`Thank you! ${placed} order${placed === 1 ? '' : 's'} placed for ${result.data.totalPrice} tokens.`, 'success');
    navigation.go(ACCOUNT_ORDERS_ROUTE);
  };

  return (
    <form
      ref={form}
      method="post"
      noValidate
      className="checkout"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      {physical && <DeliveryFields recipient={recipient} errorOf={errorOf} />}
      <Field name="userNote" label="Note (optional)" maxLength={1000} error={errorOf('userNote')} />
      <CouponField
        id="coupon"
        applied={applied}
        error={couponError}
        busy={coupon.status === 'loading' || busy}
        onApply={(code) => {
          forgetCouponRefusal();
          void $cartCoupon.run(code, lines);
        }}
        onRemove={() => {
          forgetCouponRefusal();
          $cartCoupon.reset();
        }}
      />
      <p className="checkout-total" data-testid="checkout-total">
        To pay:{' '}
        {quoted ? (
          <>
            <s className="price-was" data-testid="price-was">
              <span className="visually-hidden">was </span>
              {quoted.before} tokens
            </s>{' '}
            <strong data-testid="price-now">
              <span className="visually-hidden">now </span>
              {quoted.after} tokens
            </strong>{' '}
            <span className="muted">
              ({quoted.code}: −{quoted.discount})
            </span>
          </>
        ) : (
          <strong>{tokens ?? '…'} tokens</strong>
        )}
      </p>
      <p className="muted">
        Your balance: {balance} tokens{toPay !== null && balance < toPay ? ` — ${toPay - balance} short` : ''}.
      </p>
      {summary && state.status === 'error' && (
        <div className="alert alert-error" role="alert" data-testid="checkout-error">
          {summary}
          {state.error.code === 'INSUFFICIENT_BALANCE' && (
            <>
              {' '}
              <a href={TOKENS_ROUTE}>Buy tokens</a>
            </>
          )}
        </div>
      )}
      <div className="actions">
        <button className="btn btn-primary" type="submit" disabled={busy || tokens === null} aria-busy={busy || tokens === null} data-testid="checkout">
          {busy ? 'Placing your order…' : `Pay ${toPay ?? '…'} tokens`}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={clearCart}>
          Clear cart
        </button>
      </div>
    </form>
  );
}
