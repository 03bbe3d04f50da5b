// The texts the checkout islands show, by message key. Each island declares the keys it uses; the
// page picks exactly those from the locale's messages (each island receives only its strings).
import type { MessageKey, Messages } from '#lib/i18n/messages/en.ts';
import { PAYMENT_METHOD_CODES, PAYMENT_STATUSES } from '#lib/checkout/contract.ts';
import { ADDRESS_FIELDS } from '#lib/checkout/form.ts';
import { CHECKOUT_MESSAGES } from '#lib/checkout/address.ts';
import { cartSidebarStrings, type CartTotalsStrings, type CouponStrings } from '../cart/strings.ts';
import type { CartMessages } from '#lib/cart/display.ts';

export type Strings<K extends MessageKey> = Record<K, string>;

export function pickStrings<K extends MessageKey>(m: Messages, keys: readonly K[]): Strings<K> {
  return Object.fromEntries(keys.map((k) => [k, m[k]])) as Strings<K>;
}

export const ADDRESS_KEYS = [
  ...ADDRESS_FIELDS.map((f) => `checkout.address.${f}` as const),
  ...(Object.keys(CHECKOUT_MESSAGES) as (keyof typeof CHECKOUT_MESSAGES)[]).map(
    (k) => `checkout.validation.${k}` as const,
  ),
  'checkout.validation.invalid',
  'checkout.optional',
  'checkout.formErrors',
  'checkout.savedAddresses',
  'checkout.newAddress',
] as const;

export const PAYMENT_METHOD_KEYS = PAYMENT_METHOD_CODES.map((c) => `checkout.paymentMethod.${c}` as const);
const PAYMENT_STATUS_KEYS = PAYMENT_STATUSES.map((s) => `checkout.paymentStatus.${s}` as const);

export const SUMMARY_KEYS = [
  'checkout.summary',
  'checkout.lineQuantity',
  'catalog.itemNo',
  'catalog.yourItemNo',
  'checkout.totals.shipping',
  'checkout.totals.inclTax',
  'cart.notPurchasable',
  'cart.lineNotAvailable',
  'cart.lineQuantityRule',
] as const;

export const RUNNER_KEYS = [
  'checkout.payNow',
  'checkout.paymentDetails',
  'checkout.paymentLoading',
  'checkout.paymentFormError',
  'checkout.paymentError',
  'checkout.redirecting',
  'server.NETWORK_ERROR',
] as const;

export const ORDER_KEYS = [
  'checkout.order.number',
  'checkout.order.date',
  'checkout.order.items',
  'checkout.order.reference',
  'checkout.paymentStatus',
  ...PAYMENT_STATUS_KEYS,
  'checkout.orderStatus',
  'checkout.orderStatus.cancelled',
  'checkout.orderStatus.awaiting_approval',
  'checkout.order.approvedBy',
  'checkout.order.rejectedBy',
  'checkout.shippingAddress',
  'checkout.billingAddress',
  'checkout.shippingMethod',
  'checkout.paymentMethod',
  ...PAYMENT_METHOD_KEYS,
  ...SUMMARY_KEYS,
] as const;

/** The cart's own texts the summary reuses: totals with their tax notes, coupon form and its errors. */
export interface CartPartsStrings {
  totals: CartTotalsStrings;
  coupon: CouponStrings;
  errors: CartMessages;
}

export function cartPartsStrings(m: Messages): CartPartsStrings {
  const { totals, coupon, errors } = cartSidebarStrings(m);
  return { totals, coupon, errors };
}
