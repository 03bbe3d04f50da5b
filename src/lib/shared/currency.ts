// The currencies the shop prices in and the cookie that carries a guest's choice: constants the
// browser stores, the contracts and the server all share. A leaf: it imports nothing, so reading a
// currency code never pulls a store or a domain into a module (the dependency rule keeps it so).

export const CURRENCIES = ['EUR', 'GBP', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_COOKIE = 'vsf-currency';
/** One year: the currency choice outlives sessions, like the language. */
export const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * The currencies the branding setting offers, in the shop's fixed order; without the setting only
 * the shop's default currency, so a shop that never configured this keeps pricing in one currency.
 */
export function offeredCurrencies(configured: readonly Currency[] | undefined, fallback: Currency): Currency[] {
  return configured?.length ? CURRENCIES.filter((c) => configured.includes(c)) : [fallback];
}
