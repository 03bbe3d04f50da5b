import { describe, expect, test } from 'vitest';
import { LOCALES } from '#lib/i18n/locales.ts';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  fitTitle,
  homeTitle,
  jsonLdScript,
  listingDescription,
  metaDescription,
  pageTitle,
  productTitle,
  sameAlternates,
  shopPageTitle,
  siteJsonLd,
  TITLE_MAX,
  xDefault,
} from '#lib/site/seo.ts';

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

  test('keeps the route name and leaves the site title out when both do not fit', () => {
    const route = 'Conditions générales de vente et politique de confidentialité';
    expect(pageTitle('ProTool Supply', route.slice(0, 47))).toBe(route.slice(0, 47));
    expect([...pageTitle('ProTool Supply', route)].length).toBeLessThanOrEqual(TITLE_MAX);
  });
});

describe('fitTitle', () => {
  const forms = [(n: string) => `${n} | Item no. 10000-01 | Shop`, (n: string) => `${n} | Item no. 10000-01`];

  test('takes the richest form that fits', () => {
    expect(fitTitle('Drill', forms)).toBe('Drill | Item no. 10000-01 | Shop');
    expect(fitTitle('Cordless hammer drill 18 V brushless', forms)).toBe(
      'Cordless hammer drill 18 V brushless | Item no. 10000-01',
    );
  });

  test('cuts the name at a word with an ellipsis and keeps what the barest form adds', () => {
    const title = fitTitle('Taladro percutor inalámbrico de 18 V sin escobillas con maletín', forms);
    expect([...title].length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title).toBe('Taladro percutor inalámbrico de 18 V… | Item no. 10000-01');
  });

  test('cuts the whole title when the qualifiers leave the name no room', () => {
    const title = fitTitle('Drill', [(n) => `${n} | ${'x'.repeat(70)}`]);
    expect([...title].length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title.startsWith('Drill |')).toBe(true);
  });
});

describe('shopPageTitle and homeTitle', () => {
  test('name the shop after the page while it fits', () => {
    expect(shopPageTitle('Bohrmaschinen', 'ProTool Supply')).toBe('Bohrmaschinen | ProTool Supply');
    expect(shopPageTitle('x'.repeat(50), 'ProTool Supply')).toBe('x'.repeat(50));
  });

  test('give the home page the slogan after the shop name, or the name alone', () => {
    expect(homeTitle('ProTool Supply', 'Tools and fixings for professionals')).toBe(
      'ProTool Supply – Tools and fixings for professionals',
    );
    expect(homeTitle('ProTool Supply', 'y'.repeat(50))).toBe('ProTool Supply');
    expect(homeTitle('ProTool Supply', undefined)).toBe('ProTool Supply');
  });
});

describe('metaDescription', () => {
  const composed = () => `${'Facts first. '.repeat(20)}`;

  test("keeps the editor's description when it is within the shown length", () => {
    const own = 'A description long enough to be shown by search engines, but not so long that it is cut.';
    expect(metaDescription(own, composed)).toBe(own);
  });

  test('composes one when the editor’s is too short or too long, and cuts it at a word', () => {
    for (const own of ['Too short.', 'z '.repeat(100), undefined]) {
      const text = metaDescription(own, composed);
      expect([...text].length).toBeLessThanOrEqual(DESCRIPTION_MAX);
      expect([...text].length).toBeGreaterThanOrEqual(DESCRIPTION_MIN);
      expect(text.startsWith('Facts first.')).toBe(true);
      expect(text.endsWith('…')).toBe(true);
    }
  });
});

describe('listingDescription', () => {
  test('puts the count sentence first and cuts what follows', () => {
    const text = listingDescription('Drills: 24 products at ProTool Supply.', 'word '.repeat(60));
    expect(text.startsWith('Drills: 24 products at ProTool Supply. word')).toBe(true);
    expect([...text].length).toBeLessThanOrEqual(DESCRIPTION_MAX);
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
  test('tells apart variants that share a name by their item number', () => {
    const a = productTitle('Montagehandschuh Grip 100', 'Herrera', 'Art.-Nr. 10007-01', 'ProTool Supply');
    const b = productTitle('Montagehandschuh Grip 100', 'Herrera', 'Art.-Nr. 10007-02', 'ProTool Supply');
    expect(a).not.toBe(b);
    expect(a).toBe('Montagehandschuh Grip 100 – Herrera | Art.-Nr. 10007-01');
  });

  test('names brand and shop while they fit, the shop first to go', () => {
    expect(productTitle('Bohrer', 'Alpenwerk', 'Art.-Nr. 1', 'ProTool Supply')).toBe(
      'Bohrer – Alpenwerk | Art.-Nr. 1 | ProTool Supply',
    );
    expect(productTitle('Bohrer', undefined, 'Item no. 1', 'ProTool Supply')).toBe(
      'Bohrer | Item no. 1 | ProTool Supply',
    );
  });

  test('cuts a long name at a word and keeps the item number', () => {
    const title = productTitle(
      'Llave dinamométrica de carraca reversible con escala grabada y maletín',
      'Brandt & Sohn',
      'N.º de artículo 10042-03',
      'ProTool Supply',
    );
    expect([...title].length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title.endsWith('… | N.º de artículo 10042-03')).toBe(true);
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
