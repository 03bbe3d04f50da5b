// The shipping methods offered for the address's country, and the one shown chosen: the page's own
// for the country it was rendered with, else (an edited address, a retry) asked from the server.
// Apart from ShippingMethods.tsx, which shows them and stores the pick.
import { useEffect, useRef, useState } from 'react';
import { getShippingMethods, type ShippingMethod } from '#lib/checkout/client.ts';
import { isCountryCode } from '#lib/checkout/countries.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Cart } from '#lib/cart/contract.ts';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; methods: ShippingMethod[] };

/** The method to show chosen: the one already chosen while offered, else the only one there is. */
const keepChoice = (chosen: string | null, methods: ShippingMethod[]): string | null =>
  methods.some((m) => m.methodCode === chosen) ? chosen : methods.length === 1 ? methods[0]!.methodCode : null;

export function useOfferedShippingMethods(
  cart: Cart,
  country: string,
  initial: ShippingMethod[] | null,
  locale: Locale,
) {
  const [load, setLoad] = useState<Load>(initial ? { state: 'ready', methods: initial } : { state: 'loading' });
  const [chosen, setChosen] = useState<string | null>(() => {
    const stored = cart.shippingMethod?.methodCode ?? null;
    return initial ? keepChoice(stored, initial) : stored;
  });
  // The page's methods are for the country it was rendered with: another one (an edited address) or a
  // retry asks the server.
  const pageCountry = useRef(initial ? country : null);
  const [reload, setReload] = useState(0);

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

  return { load, chosen, setChosen, retry: () => setReload((n) => n + 1) };
}
