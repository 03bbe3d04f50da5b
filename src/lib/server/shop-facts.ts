// The facts editors' texts may name (src/lib/content/shop-facts.ts), read once per publish, and the
// filled-in HTML with the cache tags of where each fact comes from.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { formatPrice } from '../catalog/price.ts';
import { fillShopFacts, type ShopFactName, type ShopFacts } from '../content/shop-facts.ts';
import { LOCALE_TAGS, type Locale } from '../i18n/locales.ts';
import { getContent } from './content.ts';
import { getDb, rows } from './db/index.ts';

import { env } from './env.ts';
import { publishedMemo, tags } from './publish/index.ts';
import { loadShippingMethods } from './shipping/index.ts';

const memo = publishedMemo<ShopFacts>();
const CountRow = z.object({ count: z.number() });

function loadShopFacts(): Promise<ShopFacts> {
  return memo('all', async () => {
    const db = await getDb();
    const { DEFAULT_COUNTRY, DEFAULT_CURRENCY } = env();
    const [counted, methods, invoice] = await Promise.all([
      rows(db, CountRow, sql`select count(*)::int as count from products where is_active and parent_id is null`),
      loadShippingMethods(db),
      getContent('setting:invoice', 'de'),
    ]);
    // The lowest threshold of a method serving the shop's own country, per currency it has one in.
    const freeShippingFrom: Record<string, number> = {};
    const lower = (currency: string, cents: number | null) => {
      if (cents !== null && cents > 0 && !(cents >= (freeShippingFrom[currency] ?? Infinity)))
        freeShippingFrom[currency] = cents;
    };
    for (const method of methods.filter((m) => m.countries.includes(DEFAULT_COUNTRY))) {
      lower(DEFAULT_CURRENCY, method.freeFromCents);
      for (const [currency, terms] of Object.entries(method.currencyPrices)) lower(currency, terms.freeFromCents);
    }
    return {
      productCount: counted[0]?.count ?? 0,
      freeShippingFrom,
      invoiceDueDays: invoice?.config.dueDays ?? null,
    };
  });
}

/** Where a fact comes from, as the cache tag a publish of that source carries. */
const FACT_TAGS: Record<ShopFactName, (locale: Locale) => string | null> = {
  // Products come and go with product publishes, which always name the catalogue.
  productCount: () => tags.catalog,
  // Shipping methods are the operator's (seed, SQL): a change there is followed by a full publish.
  freeShippingFrom: () => null,
  invoiceDueDays: (locale) => tags.content('setting', 'invoice', locale),
};

/**
 * An editor's HTML (sanitized) or escaped text with its facts filled in, ready for the page: one
 * block per currency when it names an amount (only the shop currency's shown before the script
 * picks the shopper's). Null when it must not be shown.
 */
export async function withShopFacts(
  html: string,
  locale: Locale,
  freeLabel: string,
  /** Phrasing content (a text inside <p> or <span>): each currency's block is then a <span>. */
  inline = false,
): Promise<{ html: string; tags: string[] } | null> {
  const wrapper = inline ? 'span' : 'div';
  const { DEFAULT_CURRENCY } = env();
  const intlLocale = LOCALE_TAGS[locale];
  const filled = fillShopFacts(html, await loadShopFacts(), {
    intlLocale,
    shopCurrency: DEFAULT_CURRENCY,
    money: (cents, currency) => formatPrice(cents / 100, { currency, locale: intlLocale, freeLabel }),
  });
  if (!filled) return null;
  const blocks = filled.variants.map(({ currency, html: variant }) =>
    currency === null
      ? variant
      : `<${wrapper} data-price-currency="${currency}"${currency === DEFAULT_CURRENCY ? '' : ' hidden'}>${variant}</${wrapper}>`,
  );
  return {
    html: blocks.join(''),
    tags: filled.uses.flatMap((fact) => FACT_TAGS[fact](locale) ?? []),
  };
}
