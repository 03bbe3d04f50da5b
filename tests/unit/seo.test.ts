import { describe, expect, test } from 'vitest';
import { LOCALES } from '#lib/i18n/locales.ts';
import { jsonLdScript, pageTitle, productTitle, sameAlternates, siteJsonLd, xDefault } from '#lib/site/seo.ts';

describe('pageTitle', () => {
  test('combines the site title and the route name', () => {
    const title = pageTitle('Werkzeughandel Nord', 'Checkout');
    expect(title.startsWith('Werkzeughandel Nord')).toBe(true);
    expect(title.endsWith('Checkout')).toBe(true);
    expect(title.length).toBeGreaterThan('Werkzeughandel NordCheckout'.length);
  });

  test('gives the site title alone when there is no route name', () => {
    expect(pageTitle('Werkzeughandel Nord')).toBe('Werkzeughandel Nord');
  });
});

describe('sameAlternates', () => {
  test('gives the same path in every locale, prefixed except in German', () => {
    expect(sameAlternates('/checkout', LOCALES)).toEqual({
      de: '/checkout',
      en: '/en/checkout',
      fr: '/fr/checkout',
      es: '/es/checkout',
      it: '/it/checkout',
    });
  });

  test('maps the home page to the bare prefixes', () => {
    expect(sameAlternates('/', ['de', 'en'])).toEqual({ de: '/', en: '/en' });
  });

  test('lists only the offered locales', () => {
    expect(Object.keys(sameAlternates('/i/agb', ['en', 'it'])).sort()).toEqual(['en', 'it']);
  });
});

describe('xDefault', () => {
  test('prefers the German version', () => {
    expect(xDefault({ en: '/en/i/agb', fr: '/fr/i/agb', de: '/i/agb' })).toBe('/i/agb');
  });

  test('falls back to the first available version without German', () => {
    expect(xDefault({ fr: '/fr/i/cgv', en: '/en/i/terms' })).toBe('/fr/i/cgv');
  });

  test('is undefined without alternates', () => {
    expect(xDefault({})).toBeUndefined();
  });
});

describe('jsonLdScript', () => {
  const data = { '@type': 'Product', name: 'Bohrer </script><script>alert(1)</script>', description: 'a < b <!-- c' };

  test('escapes < so a string cannot close the script element', () => {
    const out = jsonLdScript(data);
    expect(out).not.toContain('<');
    expect(out.toLowerCase()).not.toContain('</script');
    expect(out).not.toContain('<!--');
  });

  test('stays valid JSON with the same data', () => {
    expect(JSON.parse(jsonLdScript(data))).toEqual(data);
  });
});

describe('productTitle', () => {
  test('tells apart variants that share a name by brand and item number', () => {
    const a = productTitle('Montagehandschuh Grip 100', 'Herrera Tools', 'Art.-Nr. 10007-01');
    const b = productTitle('Montagehandschuh Grip 100', 'Herrera Tools', 'Art.-Nr. 10007-02');
    expect(a).not.toBe(b);
    expect(a).toContain('Herrera Tools');
    expect(a.startsWith('Montagehandschuh Grip 100')).toBe(true);
  });

  test('leaves the brand out when there is none', () => {
    expect(productTitle('Bohrer', undefined, 'Item no. 1')).toBe('Bohrer | Item no. 1');
  });
});

describe('siteJsonLd', () => {
  const [organization, website] = siteJsonLd({
    name: 'ProTool Supply',
    logo: 'https://shop.example/images/brand/logo.w600.png',
    sameAs: ['https://www.linkedin.com/company/protool'],
    siteUrl: 'https://shop.example/',
    homeUrl: 'https://shop.example/en',
    searchUrl: 'https://shop.example/en/search-details',
    language: 'en-GB',
  }) as [Record<string, unknown>, Record<string, unknown>];

  test('names one organisation for every locale, with its raster logo and profiles', () => {
    expect(organization).toMatchObject({
      '@type': 'Organization',
      '@id': 'https://shop.example/#organization',
      name: 'ProTool Supply',
      logo: 'https://shop.example/images/brand/logo.w600.png',
      sameAs: ['https://www.linkedin.com/company/protool'],
    });
  });

  test('offers the site search of the locale, published by the organisation', () => {
    expect(website).toMatchObject({
      '@type': 'WebSite',
      url: 'https://shop.example/en',
      publisher: { '@id': organization['@id'] },
    });
    const action = website.potentialAction as { target: { urlTemplate: string }; 'query-input': string };
    expect(action.target.urlTemplate).toBe('https://shop.example/en/search-details?term={search_term_string}');
    expect(action['query-input']).toBe('required name=search_term_string');
  });
});
