// The shipping method is stored on the cart as soon as the shopper picks it, so the summary beside
// the step shows that method's shipping at once (before, it said "plus shipping" until the next
// step). One request at a time, each on the version the previous one returned; a pick made while
// one is on its way is stored right after it, so the last pick is the one the cart keeps.
import { useRef } from 'react';
import { updateCheckout } from '#lib/checkout/client.ts';
import type { Cart } from '#lib/cart/contract.ts';
import { adoptCart } from '#lib/cart/store.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { reportFailure } from '#lib/shell/report.ts';

export interface StoredShippingMethod {
  /** Stores `methodCode` (or the latest pick after it); true once the cart holds the latest pick. */
  store: (methodCode: string) => Promise<boolean>;
}

export function useStoredShippingMethod(cart: Cart, locale: Locale): StoredShippingMethod {
  const stored = useRef(cart.shippingMethod?.methodCode ?? null);
  const wanted = useRef(stored.current);
  const version = useRef(cart.version);
  // The cart store may hold a newer cart (a coupon applied meanwhile): its version is the one to send.
  if (cart.version > version.current) version.current = cart.version;
  const queue = useRef<Promise<boolean>>(Promise.resolve(true));

  const storeLatest = async (): Promise<boolean> => {
    try {
      while (wanted.current !== null && stored.current !== wanted.current) {
        const methodCode = wanted.current;
        const next = await updateCheckout({ version: version.current, locale, shippingMethod: { methodCode } });
        adoptCart(next);
        version.current = next.version;
        stored.current = methodCode;
      }
      return true;
    } catch (failure) {
      reportFailure('checkout: shipping method not stored', failure);
      return false;
    }
  };

  return {
    store(methodCode) {
      wanted.current = methodCode;
      queue.current = queue.current.then(storeLatest);
      return queue.current;
    },
  };
}
