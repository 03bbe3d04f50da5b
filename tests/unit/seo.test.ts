import { describe, expect, test } from 'vitest';
import { LOCALES } from '#lib/i18n/locales.ts';
import { jsonLdScript, pageTitle, sameAlternates, xDefault } from '#lib/site/seo.ts';

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
      de: '/checkout', en: '/en/checkout', fr: '/fr/checkout', es: '/es/checkout', it: '/it/checkout',
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
