// Shipping methods for the stored address's country as radios with label and price ('Free' for 0).
// A pick is stored on the cart at once (the summary then shows its shipping); Continue makes sure the
// last pick is stored (the shipping step is then done) and goes on to billing.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { getShippingMethods, type ShippingMethod } from '#lib/checkout/client.ts';
import { isCountryCode } from '#lib/checkout/countries.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { formatPrice } from '#lib/catalog/price.ts';
import type { Cart } from '#lib/cart/contract.ts';
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

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; methods: ShippingMethod[] };

/** The method to show chosen: the one already chosen while offered, else the only one there is. */
const keepChoice = (chosen: string | null, methods: ShippingMethod[]): string | null =>
  methods.some((m) => m.methodCode === chosen) ? chosen : methods.length === 1 ? methods[0]!.methodCode : null;

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
  const [load, setLoad] = useState<Load>(initial ? { state: 'ready', methods: initial } : { state: 'loading' });
  const [chosen, setChosen] = useState<string | null>(() => {
    const stored = cart.shippingMethod?.methodCode ?? null;
    return initial ? keepChoice(stored, initial) : stored;
  });
  // The page's methods are for the country it was rendered with: another one (an edited address) or a
  // retry asks the server.
  const pageCountry = useRef(initial ? country : null);
  const [error, setError] = useState<'checkout.selectShippingMethod' | 'checkout.shippingMethodSelectError' | null>(
    null,
  );
  const [pending, setPending] = useState(false);
  const [reload, setReload] = useState(0);
  const method = useStoredShippingMethod(cart, locale);

  useEffect(() => {
    if (pageCountry.current === country && reload === 0) return;
    pageCountry.current = null;
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    // A country the shop does not ship to leaves the choice to the server: the cart's stored country.
    getShippingMethods({ country: isCountryCode(country) ? country : undefined, locale }, controller.signal).then(
      ({ methods }) => {
        setLoad({ state: 'ready', methods });
        setChosen((c) => keepChoice(c, methods));
      },
      (e: unknown) => {
        if ((e as Error).name !== 'AbortError') setLoad({ state: 'error' });
      },
    );
    return () => controller.abort();
  }, [country, locale, reload]);

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
        <button type="button" className="button secondary" onClick={() => setReload((n) => n + 1)}>
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
