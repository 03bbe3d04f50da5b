// GA4 e-commerce payloads (view_item_list, view_item, add_to_cart, remove_from_cart, begin_checkout,
// add_payment_info, purchase) built from the shop's domain types. Pure: the wiring to stores and the
// consent check live in analytics.ts.
import type { Cart, CartItem } from '../cart/contract.ts';

interface Ga4Item {
  /** The SKU: the id a product (or variant) has everywhere in the shop. */
  item_id: string;
  item_name: string;
  /** Net major units per piece; GA4 wants a number, so a hidden price is left out, not zero. */
  price?: number;
  quantity: number;
}

interface Ga4Ecommerce {
  currency: string;
  value: number;
  items: Ga4Item[];
  [extra: string]: unknown;
}

export interface Ga4Event {
  event: string;
  ecommerce: Ga4Ecommerce;
}

/** Money in major units summed without float dust (0.1 + 0.2 is 0.3 here). */
function sumValue(items: readonly Ga4Item[]): number {
  const cents = items.reduce((sum, i) => sum + Math.round((i.price ?? 0) * 100) * i.quantity, 0);
  return cents / 100;
}

function ecommerce(currency: string, items: Ga4Item[], extra: Record<string, unknown> = {}): Ga4Ecommerce {
  return { currency, value: sumValue(items), items, ...extra };
}

function cartLineItem(line: Pick<CartItem, 'sku' | 'name' | 'price' | 'quantity'>, quantity = line.quantity): Ga4Item {
  const price = line.price.special ?? line.price.regular;
  return { item_id: line.sku, item_name: line.name, ...(price === null ? {} : { price }), quantity };
}

/** A reading of the cart: null before it is read; a shopper without a cart has no id and no lines. */
export type CartReading = Pick<Cart, 'currency' | 'cartItems'> & { id: string | null };

/**
 * What changed between two readings of the same cart: lines whose quantity went up were added (by the
 * difference), lines that went down or disappeared were removed. Going from no cart to a new one (the
 * first add) or back (the last line removed) is a change; another cart (a login's merge) or no
 * earlier reading is a new baseline, not a change the shopper made.
 */
export function cartChanges(previous: CartReading | null, next: CartReading | null): Ga4Event[] {
  if (!previous || !next || (previous.id && next.id && previous.id !== next.id)) return [];
  const before = new Map(previous.cartItems.map((l) => [l.id, l]));
  const after = new Map(next.cartItems.map((l) => [l.id, l]));
  const added: Ga4Item[] = [];
  const removed: Ga4Item[] = [];
  for (const line of next.cartItems) {
    const delta = line.quantity - (before.get(line.id)?.quantity ?? 0);
    if (delta > 0) added.push(cartLineItem(line, delta));
    if (delta < 0) removed.push(cartLineItem(line, -delta));
  }
  for (const line of previous.cartItems) if (!after.has(line.id)) removed.push(cartLineItem(line));
  const currency = next.id ? next.currency : previous.currency;
  return [
    ...(added.length ? [{ event: 'add_to_cart', ecommerce: ecommerce(currency, added) }] : []),
    ...(removed.length ? [{ event: 'remove_from_cart', ecommerce: ecommerce(currency, removed) }] : []),
  ];
}

/** The whole cart as one event (begin_checkout, add_payment_info). */
export function cartEvent(
  event: string,
  cart: Pick<Cart, 'currency' | 'cartItems'>,
  extra: Record<string, unknown> = {},
): Ga4Event {
  return {
    event,
    ecommerce: ecommerce(
      cart.currency,
      cart.cartItems.map((l) => cartLineItem(l)),
      extra,
    ),
  };
}

/** A placed order as the cart was priced for it; value is the net goods value, tax and shipping apart. */
export function purchaseEvent(order: {
  transactionnum: string;
  cartInfo: Pick<Cart, 'currency' | 'cartItems' | 'totals'>;
}): Ga4Event {
  const { totals } = order.cartInfo;
  return cartEvent('purchase', order.cartInfo, {
    transaction_id: order.transactionnum,
    ...(totals ? { tax: totals.tax_amount, shipping: totals.shipping_amount } : {}),
  });
}

/**
 * view_item from the product page's schema.org Product (the JSON-LD the page carries for search
 * engines: sku, name and the guest offer), so the product page needs no markup of its own for it.
 */
export function viewItemFromJsonLd(jsonLd: readonly unknown[]): Ga4Event | null {
  const product = jsonLd.find(
    (d): d is Record<string, unknown> =>
      typeof d === 'object' && d !== null && (d as { '@type'?: unknown })['@type'] === 'Product',
  );
  if (!product || typeof product.sku !== 'string' || typeof product.name !== 'string') return null;
  const offer = (product.offers ?? {}) as { price?: unknown; priceCurrency?: unknown };
  const price = Number(offer.price);
  const item: Ga4Item = {
    item_id: product.sku,
    item_name: product.name,
    ...(Number.isFinite(price) && offer.price !== undefined ? { price } : {}),
    quantity: 1,
  };
  return {
    event: 'view_item',
    ecommerce: ecommerce(typeof offer.priceCurrency === 'string' ? offer.priceCurrency : 'EUR', [item]),
  };
}

/** view_item_list from the product cards of a listing (sku, name, and the live price when loaded). */
export function viewItemList(
  listName: string,
  cards: readonly { sku: string; name: string; price?: number | undefined }[],
  currency: string,
): Ga4Event | null {
  if (cards.length === 0) return null;
  const items = cards.map((c, index) => ({
    item_id: c.sku,
    item_name: c.name,
    ...(c.price === undefined ? {} : { price: c.price }),
    quantity: 1,
    index,
  }));
  return { event: 'view_item_list', ecommerce: ecommerce(currency, items, { item_list_name: listName }) };
}
