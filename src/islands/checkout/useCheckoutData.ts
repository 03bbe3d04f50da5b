// Data a checkout step reads: the live cart (the server's copy until the cart store has loaded) and a
// signed-in customer's saved addresses.
import { useEffect, useState } from 'react';
import { getSavedAddresses } from '#lib/checkout/client.ts';
import { reportFailure } from '#lib/shell/report.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { SavedAddress } from '#lib/checkout/address.ts';
import { $cart } from '#lib/cart/store.ts';
import { useClientStore } from '../shared/useClientStore.ts';

export function useCheckoutCart(initial: Cart): Cart {
  // The server's copy until mounted, so hydration matches whatever the cart store already holds.
  const live = useClientStore($cart, null);
  return live && live.id === initial.id ? live : initial;
}

/** null while loading (or for guests, who have none). */
export function useSavedAddresses(signedIn: boolean): SavedAddress[] | null {
  const [addresses, setAddresses] = useState<SavedAddress[] | null>(signedIn ? null : []);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getSavedAddresses(controller.signal).then(setAddresses, (error: unknown) => {
      if ((error as Error).name === 'AbortError') return;
      reportFailure('checkout: saved addresses could not be read', error);
      setAddresses([]);
    });
    return () => controller.abort();
  }, [signedIn]);
  return addresses;
}
