// The response edge of the cart: the priced cart (integer cents) in the shape of the cart contract,
// the one place where cents become the major units a browser displays (1999 → 19.99). Amounts and
// availability are left out for a shopper without price permission.
import { toMajor, totalsToMajor } from '#lib/cart/rules.ts';
import type { Cart, CartItem } from '#lib/cart/contract.ts';
import { availabilityFor } from '#lib/catalog/availability.ts';
import { HIDDEN_PRICES_FINGERPRINT, pricesFingerprint } from './fingerprint.ts';
import type { PricedCartLine } from './priced-line.ts';
import type { PricedCart } from './priced.ts';

function cartItem(line: PricedCartLine, priced: PricedCart): CartItem {
  const visible = priced.pricesVisible;
  const money = (cents: number | null): number | null => (visible && cents !== null ? toMajor(cents) : null);
  const catalog = visible ? line.catalogPrice : null;
  return {
    id: line.id,
    sku: line.sku,
    name: line.name,
    image: line.image,
    itemnum: line.itemnum,
    customerItemNumber: line.customerItemNumber,
    quote: line.quote && {
      number: line.quote.number,
      validUntil: line.quote.validUntil,
      applies: line.quote.applies,
      note: line.quote.note,
    },
    quantity: line.quantity,
    orderUnit: line.orderUnit,
    taxRatePercent: line.rate / 100,
    price: {
      regular: money(line.unitRegularNetCents),
      special: line.hasSpecialPrice ? money(line.unitNetCents) : null,
    },
    priceInfo: catalog
      ? {
          regular: toMajor(catalog.regularCents),
          special: catalog.specialCents === null ? null : toMajor(catalog.specialCents),
          currency: priced.currency,
          // As the price list says it: only when something other than the regular price applies.
          ...(catalog.source === 'regular' ? {} : { source: catalog.source }),
        }
      : null,
    rowTotal: money(line.rowNetCents),
    rowTotalInclTax: money(line.rowGrossCents),
    stock: visible ? line.stock : null,
    availability: visible ? availabilityFor(line.stock, line.quantity) : null,
    purchasable: line.purchasable,
    quantityRule: line.quantityRule,
    quantityProblem: line.quantityRuleBreaks[0]?.problem ?? null,
    included: line.included,
    custom_attributes: line.attributes,
    selectedAddtionalProducts: Object.fromEntries(
      line.accessories.map((a) => [
        a.sku,
        {
          itemnum: a.itemnum,
          name: a.name,
          price: money(a.unitNetCents),
          taxRatePercent: a.rate / 100,
        },
      ]),
    ),
  };
}

/** The cart as the contract's cartSchema describes it. */
export function toCartResponse(priced: PricedCart): Cart {
  const visible = priced.pricesVisible;
  return {
    id: priced.id,
    version: priced.version,
    pricesHash: visible ? pricesFingerprint(priced) : HIDDEN_PRICES_FINGERPRINT,
    currency: priced.currency,
    cartItems: priced.lines.map((line) => cartItem(line, priced)),
    items_qty: priced.itemsQty,
    couponCode: priced.coupon?.code ?? null,
    couponStatus: priced.coupon?.status ?? null,
    billingAddress: priced.billingAddress,
    shippingAddress: priced.shippingAddress,
    shippingMethod: priced.shippingMethodCode ? { methodCode: priced.shippingMethodCode } : null,
    newUser: priced.newUser,
    displayExcludingTaxes: priced.excludeTax,
    vatRatePercent: priced.vatRateBasisPoints / 100,
    taxNote: priced.taxRegime.note,
    pricesVisible: visible,
    totals: visible ? totalsToMajor(priced.totals) : null,
  };
}
