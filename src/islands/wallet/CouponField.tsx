import { useState } from 'react';

interface Props {
  /** The input's id and name. */
  id: string;
  /** The code applied now (its price is shown by the caller), or null. */
  applied: string | null;
  /** Why the code does not apply (the server's reason), shown at the field. */
  error: string | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * A coupon code with its Apply button (Enter applies too, never submits the form around it); once applied, the code
 * and a Remove button. The reason a code does not apply is read with the field (`aria-describedby`, `aria-invalid`).
 */
export default function CouponField({ id, applied, error, busy, onApply, onRemove }: Props) {
  const [code, setCode] = useState('');
  const errorId = `${id}-error`;
  const apply = () => {
    if (code.trim()) onApply(code.trim());
  };
  const reason = error && (
    <small id={errorId} className="field-error" data-testid="coupon-error">
      {error}
    </small>
  );
  // Applied: the code, and (when the purchase refused it after all) why, with the button that takes it off.
  if (applied)
    return (
      <div className="field coupon">
        <div className="coupon-applied" data-testid="coupon-applied">
          <span className="chip chip-accent">{applied}</span>
          <span>applied</span>
          <button type="button" className="btn btn-ghost" onClick={onRemove} disabled={busy} aria-describedby={error ? errorId : undefined}>
            Remove
          </button>
        </div>
        {reason}
      </div>
    );
  return (
    <div className="field coupon">
      <label htmlFor={id}>Coupon code</label>
      <div className="coupon-row">
        <input
          id={id}
          name={id}
          value={code}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setCode(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            apply();
          }}
        />
        <button type="button" className="btn" onClick={apply} disabled={busy || !code.trim()} aria-busy={busy}>
          {busy ? 'Applying…' : 'Apply'}
        </button>
      </div>
      {reason}
    </div>
  );
}
