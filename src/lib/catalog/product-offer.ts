// The schema.org Offer of a product page: the public (guest) price, rendered with the page only when
// guests may see prices, and dropped with the page whenever the product's price or stock is published.
import { availabilityFor, type Availability, type StockInfo } from './availability.ts';
import type { QuantityRule } from './order-quantity.ts';
import type { PriceBreak } from './price-breaks.ts';
import { merchantOfferJsonLd, type MerchantTerms } from './merchant-listing.ts';

const SCHEMA_AVAILABILITY: Record<Availability, string> = {
  available: 'https://schema.org/InStock',
  // Deliverable from the supplier's stock within days: orderable, not on the shelf.
  limited: 'https://schema.org/BackOrder',
  'limit-overflow': 'https://schema.org/BackOrder',
  'not-available': 'https://schema.org/OutOfStock',
};

export interface GuestPrice {
  /** Major units, as the price list gives them. */
  regular: number | null;
  special: number | null;
  currency: string;
  /** The special price's last day (YYYY-MM-DD), when it has one. */
  specialUntil?: string | undefined;
}

/**
 * What a guest pays: the special price when it undercuts the regular one; null without a regular price.
 * @internal Exported for its unit test.
 */
export function payablePrice(price: GuestPrice): number | null {
  if (price.regular === null) return null;
  return price.special !== null && price.special < price.regular ? price.special : price.regular;
}

/**
 * How the product is sold, where that is more than "any number of pieces at one price": the order
 * unit's UN/ECE Recommendation 20 code (the one schema.org's unitCode takes), the quantity rule, and
 * the price breaks in the Offer's currency (src/lib/catalog/price-breaks.ts).
 */
export interface OfferTerms {
  unitCode: string;
  rule: QuantityRule;
  breaks: readonly PriceBreak[];
}

/** A quantity of order units as schema.org states one. */
const quantity = (minValue: number, unitCode: string) => ({ '@type': 'QuantitativeValue', minValue, unitCode });

/**
 * The Offer for one sku, or undefined when it has no public price (hidden, or none in this currency).
 * With terms it says the least quantity sold and its unit (eligibleQuantity) and, with price breaks,
 * one UnitPriceSpecification per break; `price` stays the price of the least quantity, which is what
 * search engines show. With the shop's merchant terms it says how the least quantity ships and how it
 * may be returned (merchant-listing.ts); `deliveryDays` are the product's own days until dispatch.
 */
export function offerJsonLd(
  price: GuestPrice | null | undefined,
  stock: StockInfo | null | undefined,
  url: string,
  terms?: OfferTerms | undefined,
  merchant?: { terms: MerchantTerms | null; deliveryDays: number | null } | undefined,
): Record<string, unknown> | undefined {
  const amount = price ? payablePrice(price) : null;
  if (!price || amount === null) return undefined;
  const leastQuantity = terms?.rule.min ?? 1;
  // A sale price with a last day says so: merchant listings want the date after which it no longer applies.
  const onSale = price.special !== null && amount === price.special;
  return {
    '@type': 'Offer',
    url,
    // A string with two decimals: schema.org reads a dot as the decimal separator, whatever the locale.
    price: amount.toFixed(2),
    priceCurrency: price.currency,
    ...(onSale && price.specialUntil ? { priceValidUntil: price.specialUntil } : {}),
    availability: SCHEMA_AVAILABILITY[availabilityFor(stock, leastQuantity)],
    itemCondition: 'https://schema.org/NewCondition',
    ...(terms ? { eligibleQuantity: quantity(leastQuantity, terms.unitCode) } : {}),
    ...(terms && terms.breaks.length > 0
      ? {
          priceSpecification: terms.breaks.map((row) => ({
            '@type': 'UnitPriceSpecification',
            price: (row.cents / 100).toFixed(2),
            priceCurrency: price.currency,
            unitCode: terms.unitCode,
            eligibleQuantity: quantity(row.minQuantity, terms.unitCode),
          })),
        }
      : {}),
    ...merchantOfferJsonLd(merchant?.terms, {
      cents: Math.round(amount * 100) * leastQuantity,
      currency: price.currency,
      deliveryDays: merchant?.deliveryDays ?? null,
    }),
  };
}
