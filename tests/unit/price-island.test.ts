// The public prices a page is rendered with are in the server HTML of every price island: guests see
// prices (or that they must log in) without a price call and without a spinner.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { Price, type PriceStrings } from '#islands/catalog/Price.tsx';
import { AvailabilityText, type AvailabilityStrings } from '#islands/catalog/AvailabilityText.tsx';
import { PublicPricesContext } from '#islands/catalog/usePriceEntry.ts';
import type { PublicPrices } from '#lib/catalog/page-prices.ts';

const strings: PriceStrings = {
  free: 'Free',
  loading: 'Loading price...',
  loginToSee: 'Log in',
  regular: 'Regular',
  special: 'Special',
  startingAt: 'from {{price}}',
};
const availability: AvailabilityStrings = {
  'availability.loading': 'Checking',
  'availability.available': 'In stock',
  'availability.limited': 'Later',
  'availability.limit-overflow': 'Partly later',
  'availability.not-available': 'Sold out',
};
const prices: PublicPrices = {
  currency: 'EUR',
  pricesVisible: true,
  skus: ['HSH-10007'],
  items: [
    {
      sku: 'HSH-10007',
      priceInfo: { regular: 6.99, special: null, currency: 'EUR' },
      stock: { effectivestock: 0, externalstock: 0, markedInStock: false },
    },
  ],
};

describe('Price', () => {
  test('renders the public price of its own props into the server HTML instead of the loading state', () => {
    const html = renderToString(createElement(Price, { sku: 'hsh-10007', intlLocale: 'en-GB', strings, prices }));
    expect(html).toContain('€6.99');
    expect(html).not.toContain('Loading price');
  });

  test('takes the public prices from a provider above it (a listing, the buy box)', () => {
    const html = renderToString(
      createElement(
        PublicPricesContext.Provider,
        { value: prices },
        createElement(Price, { sku: 'HSH-10007', intlLocale: 'en-GB', strings }),
        createElement(AvailabilityText, { sku: 'HSH-10007', qty: 1, strings: availability }),
      ),
    );
    expect(html).toContain('€6.99');
    expect(html).toContain('Sold out');
  });

  test('says guests must log in when the page was rendered for guests who may not see prices', () => {
    const html = renderToString(
      createElement(Price, {
        sku: 'HSH-10007',
        intlLocale: 'en-GB',
        strings,
        prices: { currency: 'EUR', skus: ['HSH-10007'], items: [], pricesVisible: false },
      }),
    );
    expect(html).toContain('Log in');
  });

  test('shows the loading state for a sku the page has no public price for', () => {
    const html = renderToString(createElement(Price, { sku: 'ASR-1', intlLocale: 'en-GB', strings, prices }));
    expect(html).toContain('Loading price');
    expect(html).not.toContain('€');
  });
});
