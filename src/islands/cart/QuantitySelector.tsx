// A line's quantity: a labelled number field with − and + buttons. Typing is committed on blur or
// Enter, so '12' is not sent as '1' first; the buttons commit at once. 0 removes the line.
import { useEffect, useState, type FormEvent } from 'react';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import { parseLineQuantity } from '#lib/cart/display.ts';

export interface QuantitySelectorProps {
  id: string;
  quantity: number;
  /** Names the line, so the controls read 'Quantity, Cordless screwdriver'. */
  describedBy: string;
  strings: { quantity: string; increase: string; decrease: string };
  onChange: (quantity: number) => void;
}

export function QuantitySelector({ id, quantity, describedBy, strings, onChange }: QuantitySelectorProps) {
  const [raw, setRaw] = useState(String(quantity));
  useEffect(() => setRaw(String(quantity)), [quantity]);

  const commit = () => {
    const next = parseLineQuantity(raw, MAX_QUANTITY);
    if (next === null || next === quantity) {
      setRaw(String(quantity));
      return;
    }
    onChange(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    commit();
  };

  return (
    <form className="cart-quantity" onSubmit={submit}>
      <label htmlFor={id}>{strings.quantity}</label>
      <div className="cart-quantity-controls">
        <button
          type="button"
          className="cart-quantity-step"
          aria-label={strings.decrease}
          aria-describedby={describedBy}
          onClick={() => onChange(quantity - 1)}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_QUANTITY}
          step={1}
          value={raw}
          aria-describedby={describedBy}
          onChange={(e) => setRaw(e.target.value)}
          onBlur={commit}
        />
        <button
          type="button"
          className="cart-quantity-step"
          aria-label={strings.increase}
          aria-describedby={describedBy}
          disabled={quantity >= MAX_QUANTITY}
          onClick={() => onChange(quantity + 1)}
        >
          +
        </button>
      </div>
    </form>
  );
}
