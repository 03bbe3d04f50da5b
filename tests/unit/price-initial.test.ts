import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { Price, type PriceStrings } from '#islands/catalog/Price.tsx';

const strings: PriceStrings = {
  free: 'Free', loading: 'Loading price...', loginToSee: 'Log in', regular: 'Regular', special: 'Special', startingAt: 'from {{price}}',
};

describe('Price', () => {
  test('renders the initial (guest) price into the server HTML instead of the loading state', () => {
    const html = renderToString(createElement(Price, {
      sku: 'HSH-10007', intlLocale: 'en-GB', strings, initial: { regular: 6.99, special: null, currency: 'EUR' },
    }));
    expect(html).toContain('€6.99');
    expect(html).not.toContain('Loading price');
  });

  test('shows the loading state without an initial price', () => {
    const html = renderToString(createElement(Price, { sku: 'HSH-10007', intlLocale: 'en-GB', strings }));
    expect(html).toContain('Loading price');
    expect(html).not.toContain('€');
  });
});
