// Shipping methods for the stored address's country as radios with label and price ('Free' for 0).
// A pick is stored on the cart at once (the summary then shows its shipping); Continue makes sure the
// last pick is stored (the shipping step is then done) and goes on to billing.
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ShippingMethod } from '#lib/checkout/client.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { formatPrice } from '#lib/catalog/price.ts';
import type { Cart } from '#lib/cart/contract.ts';
import { useOfferedShippingMethods } from './useOfferedShippingMethods.ts';
import { useStoredShippingMethod } from './useStoredShippingMethod.ts';
import type { Strings } from './strings.ts';

export const SHIPPING_METHOD_KEYS = [
  'checkout.shippingMethod',
  'checkout.loadingShippingMethods',
  'checkout.shippingMethodsError',
  'checkout.shippingMethodSelectError',
  'checkout.noShippingMethods',
  'checkout.selectShippingMethod',
  'checkout.continueToBilling',
  'checkout.saving',
  'checkout.retry',
  'price.free',
] as const;

export interface ShippingMethodsProps {
  cart: Cart;
  country: string;
  /** The page's methods for the cart's stored country (null: none known yet). */
  initial: ShippingMethod[] | null;
  locale: Locale;
  intlLocale: string;
  nextHref: string;
  strings: Strings<(typeof SHIPPING_METHOD_KEYS)[number]>;
}

export function ShippingMethods({
  cart,
  country,
  initial,
  locale,
  intlLocale,
  nextHref,
  strings,
}: ShippingMethodsProps) {
  const id = useId();
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const { load, chosen, setChosen, retry } = useOfferedShippingMethods(cart, country, initial, locale);
  const [error, setError] = useState<'checkout.selectShippingMethod' | 'checkout.shippingMethodSelectError' | null>(
    null,
  );
  const [pending, setPending] = useState(false);
  const method = useStoredShippingMethod(cart, locale);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    if (!chosen) {
      setError('checkout.selectShippingMethod');
      groupRef.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setPending(true);
    setError(null);
    if (await method.store(chosen)) return location.assign(nextHref);
    setError('checkout.shippingMethodSelectError');
    setPending(false);
  }

  const pick = async (methodCode: string) => {
    setChosen(methodCode);
    setError(null);
    if (!(await method.store(methodCode))) setError('checkout.shippingMethodSelectError');
  };

  const money = (amount: number, currency: string) =>
    formatPrice(amount, { currency, locale: intlLocale, freeLabel: strings['price.free'] });
  return (
    <form className="checkout-form" noValidate onSubmit={submit}>
      <div role="status" className="checkout-status">
        {load.state === 'loading' && strings['checkout.loadingShippingMethods']}
        {load.state === 'ready' && load.methods.length === 0 && strings['checkout.noShippingMethods']}
      </div>
      {load.state === 'error' && (
        <div className="alert alert-danger" role="alert">
          <p>{strings['checkout.shippingMethodsError']}</p>
        </div>
      )}
      {load.state === 'ready' && load.methods.length > 0 && (
        <fieldset
          ref={groupRef}
          className="checkout-choices"
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error === 'checkout.selectShippingMethod' ? true : undefined}
        >
          <legend>{strings['checkout.shippingMethod']}</legend>
          {load.methods.map((m) => (
            <label key={m.methodCode} className="checkout-choice">
              <input
                type="radio"
                name={`${id}-method`}
                value={m.methodCode}
                checked={chosen === m.methodCode}
                onChange={() => void pick(m.methodCode)}
              />
              <span className="checkout-choice-label">{m.label}</span>
              {m.amount !== null && <span className="checkout-choice-price">{money(m.amount, m.currency)}</span>}
            </label>
          ))}
        </fieldset>
      )}
      <p id={`${id}-error`} className="form-error" role="alert">
        {error ? strings[error] : ''}
      </p>
      {load.state === 'error' ? (
        <button type="button" className="button secondary" onClick={retry}>
          {strings['checkout.retry']}
        </button>
      ) : (
        <button
          type="submit"
          className="button primary"
          disabled={pending || load.state !== 'ready' || load.methods.length === 0}
        >
          {pending ? strings['checkout.saving'] : strings['checkout.continueToBilling']}
        </button>
      )}
    </form>
  );
}
