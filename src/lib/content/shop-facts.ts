// Facts an editor's text names instead of typing them ("Free shipping from {{freeShippingFrom}}",
// "{{productCount}} items in stock", "pay within {{invoiceDueDays}} days"): the shop fills them in
// from its settings and catalogue, so a banner never promises what the shop does not do (a GBP
// shopper read "free shipping from €250", a shop of 300 products claimed "over 1,000").
//
// A money amount depends on the shopper's currency, which a cached page does not know: a text
// naming one is rendered once per currency the amount exists in, each marked `data-price-currency`
// (src/lib/catalog/currency-selector.ts shows the shopper's and hides the others; a currency without
// the amount shows no text at all rather than a wrong one). A text naming a fact the shop does not
// have (no free shipping, no invoice terms) or an unknown placeholder is not shown.
import { escapeHtml } from '../shared/html.ts';

export const SHOP_FACT_NAMES = ['productCount', 'freeShippingFrom', 'invoiceDueDays'] as const;
export type ShopFactName = (typeof SHOP_FACT_NAMES)[number];

export interface ShopFacts {
  /** Products a shopper can find (active, listed on their own). */
  productCount: number;
  /** Net cents from which shipping to the shop's country is free, per currency; empty: never free. */
  freeShippingFrom: Readonly<Record<string, number>>;
  /** Days an invoice is due after the order; null: the shop has no invoice terms. */
  invoiceDueDays: number | null;
}

interface FilledVariant {
  /** The currency this variant is for; null: the same for every currency. */
  currency: string | null;
  html: string;
}

export interface FilledText {
  variants: FilledVariant[];
  /** The facts the text names, so the page carries the cache tags of their sources. */
  uses: ShopFactName[];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
const isFactName = (name: string): name is ShopFactName => (SHOP_FACT_NAMES as readonly string[]).includes(name);

/** The facts a text names; null when it names one that does not exist. */
export function namedFacts(text: string): ShopFactName[] | null {
  const names = new Set<ShopFactName>();
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (!isFactName(name!)) return null;
    names.add(name);
  }
  return [...names];
}

/**
 * `html` (already sanitized, or escaped text) with its placeholders filled, one variant per currency
 * when it names a money amount; null when it must not be shown (see the top of this file).
 */
export function fillShopFacts(
  html: string,
  facts: ShopFacts,
  format: { intlLocale: string; shopCurrency: string; money: (cents: number, currency: string) => string },
): FilledText | null {
  const uses = namedFacts(html);
  if (uses === null) return null;
  if (uses.length === 0) return { variants: [{ currency: null, html }], uses };
  if (uses.includes('invoiceDueDays') && facts.invoiceDueDays === null) return null;
  const number = (n: number) => new Intl.NumberFormat(format.intlLocale).format(n);
  const fill = (currency: string | null) =>
    html.replace(PLACEHOLDER, (_, name: ShopFactName) => {
      if (name === 'productCount') return number(facts.productCount);
      if (name === 'invoiceDueDays') return number(facts.invoiceDueDays!);
      return escapeHtml(format.money(facts.freeShippingFrom[currency!]!, currency!));
    });
  if (!uses.includes('freeShippingFrom')) return { variants: [{ currency: null, html: fill(null) }], uses };
  const currencies = Object.keys(facts.freeShippingFrom).sort((a, b) =>
    a === format.shopCurrency ? -1 : b === format.shopCurrency ? 1 : a.localeCompare(b),
  );
  if (currencies.length === 0) return null;
  return { variants: currencies.map((currency) => ({ currency, html: fill(currency) })), uses };
}
