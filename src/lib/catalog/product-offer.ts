// The schema.org Offer of a product page: the public (guest) price, rendered with the page only when
// guests may see prices, and dropped with the page whenever the product's price or stock is published.
import { availabilityFor, type Availability, type StockInfo } from './availability.ts';

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
}

/**
 * What a guest pays: the special price when it undercuts the regular one; null without a regular price.
 * @internal Exported for its unit test.
 */
export function payablePrice(price: GuestPrice): number | null {
  if (price.regular === null) return null;
  return price.special !== null && price.special < price.regular ? price.special : price.regular;
}

/** The Offer for one sku, or undefined when it has no public price (hidden, or none in this currency). */
export function offerJsonLd(
  price: GuestPrice | null | undefined,
  stock: StockInfo | null | undefined,
  url: string,
): Record<string, unknown> | undefined {
  const amount = price ? payablePrice(price) : null;
  if (!price || amount === null) return undefined;
  return {
    '@type': 'Offer',
    url,
    // A string with two decimals: schema.org reads a dot as the decimal separator, whatever the locale.
    price: amount.toFixed(2),
    priceCurrency: price.currency,
    availability: SCHEMA_AVAILABILITY[availabilityFor(stock, 1)],
    itemCondition: 'https://schema.org/NewCondition',
  };
}
