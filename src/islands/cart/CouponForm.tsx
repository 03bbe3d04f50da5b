// The coupon field: apply a code, or remove the one applied (an empty code removes it).
// Problems show under the field in the shopper's language, including a stored coupon that stopped applying.
import { useId, useState, type FormEvent } from 'react';
import { couponProblemKey, type CartMessageKey, type CartMessages } from '#lib/cart/display.ts';
import type { Cart } from '#lib/cart/contract.ts';
import { applyCoupon } from '#lib/cart/store.ts';
import { fill } from '#lib/i18n/format.ts';
import type { CouponStrings } from './strings.ts';
import { useTypedBeforeHydration } from '../shared/useTypedBeforeHydration.ts';

export interface CouponFormProps {
  cart: Pick<Cart, 'couponCode' | 'couponStatus'>;
  strings: CouponStrings;
  errors: CartMessages;
}

export function CouponForm({ cart, strings, errors }: CouponFormProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const codeField = useTypedBeforeHydration<HTMLInputElement>(code, setCode);
  const [error, setError] = useState<CartMessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = error ?? couponProblemKey(cart);

  const run = async (next: string) => {
    setBusy(true);
    const outcome = await applyCoupon(next);
    setBusy(false);
    setError(outcome.ok ? null : outcome.key);
    if (outcome.ok) setCode('');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim() !== '') void run(code);
  };

  return (
    <div className="cart-coupon">
      {cart.couponCode ? (
        <div className="cart-coupon-applied">
          <p>{fill(strings.applied, { code: cart.couponCode })}</p>
          <button type="button" className="text-button" disabled={busy} onClick={() => void run('')}>
            {strings.remove}
          </button>
        </div>
      ) : (
        <form className="cart-coupon-form" onSubmit={submit}>
          <label htmlFor={`${id}-code`}>{strings.coupon}</label>
          <div className="cart-coupon-row">
            <input
              ref={codeField}
              id={`${id}-code`}
              type="text"
              autoComplete="off"
              maxLength={64}
              value={code}
              aria-invalid={error ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
              onChange={(e) => {
                setCode(e.target.value);
                setError(null);
              }}
            />
            <button type="submit" className="button secondary" disabled={busy}>
              {strings.apply}
            </button>
          </div>
        </form>
      )}
      <p id={`${id}-error`} className="cart-coupon-error" role="alert">
        {problem ? errors[problem] : ''}
      </p>
    </div>
  );
}
