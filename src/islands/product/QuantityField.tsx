// The buy box's quantity field: − and + around a number field that offers the orderable quantities,
// the product's quantity rule under it ("Minimum order 2 packs · in steps of 2 packs") with a live
// region saying why a quantity was moved, and why a quantity cannot be added (useQuantityField.ts).
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import type { QuantityRule } from '#lib/catalog/order-quantity.ts';
import { fill } from '#lib/i18n/format.ts';
import type { QuantityFieldState } from './useQuantityField.ts';

export interface QuantityFieldStrings {
  quantity: string;
  /** cart.decrease and cart.increase: the − and + buttons. */
  decrease: string;
  increase: string;
  /** catalog.quantityInvalid, with {{max}}. */
  quantityInvalid?: string | undefined;
}

interface QuantityFieldProps {
  id: string;
  field: QuantityFieldState;
  rule: QuantityRule;
  /** The rule in words; absent when any whole number may be ordered. */
  ruleText?: string | null | undefined;
  strings: QuantityFieldStrings;
}

export function QuantityField({ id, field, rule, ruleText, strings }: QuantityFieldProps) {
  const describedBy = [field.invalid && `${id}-error`, ruleText && `${id}-rule`].filter(Boolean).join(' ');
  const stepButton = (by: 1 | -1) => (
    <button
      type="button"
      aria-label={by < 0 ? strings.decrease : strings.increase}
      aria-controls={id}
      disabled={by < 0 ? field.quantity <= rule.min : field.quantity >= field.top}
      onClick={() => field.step(by)}
    >
      {by < 0 ? '−' : '+'}
    </button>
  );
  return (
    <>
      <div className="buy-box-quantity">
        <label htmlFor={id}>{strings.quantity}</label>
        <div className="buy-box-stepper">
          {stepButton(-1)}
          <input
            ref={field.ref}
            id={id}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={rule.min}
            max={field.top}
            step={rule.step}
            value={field.raw}
            aria-invalid={field.invalid}
            aria-describedby={describedBy || undefined}
            onChange={(e) => field.type(e.target.value)}
            onBlur={field.leave}
          />
          {stepButton(1)}
        </div>
      </div>
      {ruleText && (
        <div id={`${id}-rule`}>
          {ruleText}
          <div className="buy-box-note" aria-live="polite">
            {field.note && <strong>{field.note}</strong>}
          </div>
        </div>
      )}
      {field.invalid && strings.quantityInvalid && (
        <p id={`${id}-error`} className="buy-box-error" role="alert">
          {fill(strings.quantityInvalid, { max: String(MAX_QUANTITY) })}
        </p>
      )}
    </>
  );
}
