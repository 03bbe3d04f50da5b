// The offered payment methods as radios (of invoice, stripe, stripe-debit, stripe-sofort, paypal).
import { useId } from 'react';
import type { PaymentMethodCode } from '#lib/checkout/contract.ts';
import type { PAYMENT_METHOD_KEYS, Strings } from './strings.ts';

export interface PaymentMethodListProps {
  methods: readonly PaymentMethodCode[];
  chosen: PaymentMethodCode | null;
  onChoose: (method: PaymentMethodCode) => void;
  legend: string;
  /** The page already shows the same words as a heading. */
  hideLegend?: boolean;
  strings: Strings<(typeof PAYMENT_METHOD_KEYS)[number]>;
}

export function PaymentMethodList({ methods, chosen, onChoose, legend, hideLegend, strings }: PaymentMethodListProps) {
  const name = useId();
  return (
    <fieldset className="checkout-choices">
      <legend className={hideLegend ? 'visually-hidden' : undefined}>{legend}</legend>
      {methods.map((m) => (
        <label key={m} className="checkout-choice">
          <input type="radio" name={name} value={m} checked={chosen === m} onChange={() => onChoose(m)} />
          <span className="checkout-choice-label">{strings[`checkout.paymentMethod.${m}`]}</span>
        </label>
      ))}
    </fieldset>
  );
}
