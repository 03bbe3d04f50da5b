// The cart a checkout step shows: the live one (the server's copy until the cart store has loaded).
import type { Cart } from '#lib/cart/contract.ts';
import { $cart } from '#lib/cart/store.ts';
import { useClientStore } from '../shared/useClientStore.ts';

export function useCheckoutCart(initial: Cart): Cart {
  // The server's copy until mounted, so hydration matches whatever the cart store already holds.
  const live = useClientStore($cart, null);
  return live && live.id === initial.id ? live : initial;
}
