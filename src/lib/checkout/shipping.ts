// Shipping method pricing without I/O. A method serves a list of countries; its price and free-from
// threshold are net cents, stored for the shop currency and optionally per other currency. A cart in
// a currency the method has no price for is not offered that method: converting at a guessed rate
// would charge an amount nobody set.

export interface ShippingMethodRecord {
  code: string;
  countries: readonly string[];
  priceCents: number;
  freeFromCents: number | null;
  currencyPrices: Readonly<Record<string, { priceCents: number; freeFromCents: number | null }>>;
  position: number;
}

export interface ShippingQuery {
  country: string;
  currency: string;
  shopCurrency: string;
  /** Net subtotal after the coupon, compared with the free-from threshold. */
  discountedNetCents: number;
}

/** The method's terms in a currency, or null when it has no price there. */
function termsIn(method: ShippingMethodRecord, currency: string, shopCurrency: string) {
  if (currency === shopCurrency) return { priceCents: method.priceCents, freeFromCents: method.freeFromCents };
  return method.currencyPrices[currency] ?? null;
}

/** Net price in cents of a method for a cart, or null when the method does not serve it. */
export function shippingPriceCents(method: ShippingMethodRecord, query: ShippingQuery): number | null {
  if (!method.countries.includes(query.country)) return null;
  const terms = termsIn(method, query.currency, query.shopCurrency);
  if (!terms) return null;
  return terms.freeFromCents !== null && query.discountedNetCents >= terms.freeFromCents ? 0 : terms.priceCents;
}

/** The methods that serve a cart, by position, each with its net price. */
export function availableShippingMethods<M extends ShippingMethodRecord>(
  methods: readonly M[],
  query: ShippingQuery,
): { method: M; priceCents: number }[] {
  return methods
    .map((method) => ({ method, priceCents: shippingPriceCents(method, query) }))
    .filter((m): m is { method: M; priceCents: number } => m.priceCents !== null)
    .sort((a, b) => a.method.position - b.method.position || a.method.code.localeCompare(b.method.code));
}
