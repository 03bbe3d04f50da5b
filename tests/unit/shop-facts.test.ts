// Editors name the shop's facts instead of typing them; the shop fills them in per language and
// currency, and shows nothing rather than a wrong promise.
import { describe, expect, test } from 'vitest';
import { fillShopFacts, namedFacts, type ShopFacts } from '#lib/content/shop-facts.ts';
import { contentConfigSchemas } from '#lib/content/schemas.ts';
import { formatPrice } from '#lib/catalog/price.ts';

const FACTS: ShopFacts = { productCount: 1234, freeShippingFrom: { GBP: 22000, EUR: 25000 }, invoiceDueDays: 30 };
const money = (locale: string) => (cents: number, currency: string) =>
  formatPrice(cents / 100, { currency, locale, freeLabel: 'Kostenlos' });
const DE = { intlLocale: 'de-DE', shopCurrency: 'EUR', money: money('de-DE') };

describe('shop facts', () => {
  test('a text without facts is shown as it is, for every currency', () => {
    expect(fillShopFacts('<p>Hallo</p>', FACTS, DE)).toEqual({
      variants: [{ currency: null, html: '<p>Hallo</p>' }],
      uses: [],
    });
  });

  test('counts and days in the page language', () => {
    const filled = fillShopFacts('{{productCount}} Artikel, {{ invoiceDueDays }} Tage', FACTS, DE);
    expect(filled?.variants).toEqual([{ currency: null, html: '1.234 Artikel, 30 Tage' }]);
    expect(filled?.uses).toEqual(['productCount', 'invoiceDueDays']);
  });

  test('an amount once per currency the shop has it in, the shop currency first', () => {
    const filled = fillShopFacts('ab {{freeShippingFrom}}', FACTS, {
      ...DE,
      intlLocale: 'en-GB',
      money: money('en-GB'),
    });
    expect(filled?.variants).toEqual([
      { currency: 'EUR', html: 'ab €250.00' },
      { currency: 'GBP', html: 'ab £220.00' },
    ]);
  });

  test('a fact the shop does not have, or one that does not exist, hides the text', () => {
    expect(fillShopFacts('ab {{freeShippingFrom}}', { ...FACTS, freeShippingFrom: {} }, DE)).toBeNull();
    expect(fillShopFacts('{{invoiceDueDays}} Tage', { ...FACTS, invoiceDueDays: null }, DE)).toBeNull();
    expect(fillShopFacts('ab {{freeShipping}}', FACTS, DE)).toBeNull();
    expect(namedFacts('{{ productCount }} und {{productCount}}')).toEqual(['productCount']);
  });

  test('the workspace refuses a home text naming an unknown fact, and says which exist', () => {
    const usps = contentConfigSchemas['block:home-usps'];
    expect(usps.safeParse({ items: [{ icon: 'truck', text: 'ab {{freeShippingFrom}}' }] }).success).toBe(true);
    const refused = usps.safeParse({ items: [{ icon: 'truck', text: 'ab {{versandfrei}}' }] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toContain('{{freeShippingFrom}}');
  });
});
