// The texts the cart islands show (they receive only these), picked from a locale's messages.
import type { PluralForms } from '#lib/i18n/format.ts';
import type { Messages } from '#lib/i18n/messages/en.ts';
import { CART_MESSAGE_KEYS, type CartMessages } from '#lib/cart/display.ts';
import type { AvailabilityStrings } from '../catalog/AvailabilityText.tsx';

export interface CartItemStrings {
  itemNo: string;
  yourItemNo: string;
  remove: string;
  quantity: string;
  increase: string;
  decrease: string;
  productProperties: string;
  included: string;
  accessories: string;
  regularPrice: string;
  specialPrice: string;
  'cart.notPurchasable': string;
  'cart.lineNotAvailable': string;
  'cart.lineQuantityRule': string;
  free: string;
  availability: AvailabilityStrings;
}

export interface CouponStrings {
  coupon: string;
  apply: string;
  remove: string;
  /** With {{code}}. */
  applied: string;
}

export interface CartTotalsStrings {
  subtotal: string;
  discount: string;
  tax: string;
  /** With {rate}: one row per VAT rate. */
  taxAtRate: string;
  total: string;
  free: string;
  'cart.plusShipping': string;
  'cart.excludedFromTax': string;
  'cart.plusShippingNoVat': string;
  'cart.noVat': string;
  /** The shipping row, once a method is chosen. */
  shipping: string;
  'checkout.totals.inclTax': string;
}

export interface CartSidebarStrings {
  title: string;
  /** With {{count}}. */
  totalItems: PluralForms;
  close: string;
  empty: string;
  goToCheckout: string;
  goBackShopping: string;
  loginToSee: string;
  item: CartItemStrings;
  coupon: CouponStrings;
  totals: CartTotalsStrings;
  /** Error texts the cart store shows as notifications. */
  errors: CartMessages;
}

export function cartSidebarStrings(m: Messages): CartSidebarStrings {
  const errors = Object.fromEntries(CART_MESSAGE_KEYS.map((k) => [k, m[k]])) as CartMessages;
  return {
    title: m['cart.title'],
    totalItems: { one: m['cart.totalItems_one'], other: m['cart.totalItems_other'] },
    close: m['cart.close'],
    empty: m['cart.empty'],
    goToCheckout: m['cart.goToCheckout'],
    goBackShopping: m['cart.goBackShopping'],
    loginToSee: m['price.loginToSee'],
    item: {
      itemNo: m['catalog.itemNo'],
      yourItemNo: m['catalog.yourItemNo'],
      remove: m['cart.remove'],
      quantity: m['catalog.quantity'],
      increase: m['cart.increase'],
      decrease: m['cart.decrease'],
      productProperties: m['catalog.productProperties'],
      included: m['catalog.included'],
      accessories: m['catalog.accessories'],
      regularPrice: m['price.regular'],
      specialPrice: m['price.special'],
      'cart.notPurchasable': m['cart.notPurchasable'],
      'cart.lineNotAvailable': m['cart.lineNotAvailable'],
      'cart.lineQuantityRule': m['cart.lineQuantityRule'],
      free: m['price.free'],
      availability: {
        'availability.available': m['availability.available'],
        'availability.limited': m['availability.limited'],
        'availability.limit-overflow': m['availability.limit-overflow'],
        'availability.not-available': m['availability.not-available'],
        'availability.loading': m['availability.loading'],
      },
    },
    coupon: {
      coupon: m['cart.coupon'],
      apply: m['cart.applyCoupon'],
      remove: m['cart.removeCoupon'],
      applied: m['cart.couponApplied'],
    },
    totals: {
      subtotal: m['cart.subtotal'],
      discount: m['cart.discount'],
      tax: m['cart.tax'],
      taxAtRate: m['cart.taxAtRate'],
      total: m['cart.total'],
      free: m['price.free'],
      'cart.plusShipping': m['cart.plusShipping'],
      'cart.excludedFromTax': m['cart.excludedFromTax'],
      'cart.plusShippingNoVat': m['cart.plusShippingNoVat'],
      'cart.noVat': m['cart.noVat'],
      shipping: m['checkout.totals.shipping'],
      'checkout.totals.inclTax': m['checkout.totals.inclTax'],
    },
    errors,
  };
}
