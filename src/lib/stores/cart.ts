// The shopper's cart as last returned by the server; islands derive counts and totals from it.
import { atom, computed } from 'nanostores';

export interface CartSummary {
  id: string;
  itemsQty: number;
}

export const $cart = atom<CartSummary | null>(null);
export const $cartCount = computed($cart, (cart) => cart?.itemsQty ?? 0);
