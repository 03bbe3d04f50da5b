import { describe, expect, test } from 'vitest';
import { LOCALES } from '#lib/i18n/locales.ts';
import { categoryPath, localePath, productPath, safeReturnPath, stripLocale } from '#lib/site/paths.ts';
import { resolveContentLink } from '#lib/site/content-link.ts';

describe('localePath', () => {
  test('leaves German paths without a prefix', () => {
    expect(localePath('de', '/c/werkzeuge')).toBe('/c/werkzeuge');
    expect(localePath('de', '/')).toBe('/');
  });

  test.each(['en', 'fr', 'es', 'it'] as const)('prefixes %s paths with the locale', (locale) => {
    expect(localePath(locale, '/checkout/billing')).toBe(`/${locale}/checkout/billing`);
  });

  test('maps the home page of a prefixed locale to the bare prefix', () => {
    expect(localePath('en', '/')).toBe('/en');
    expect(localePath('it', '/')).toBe('/it');
  });

  test('adds the leading slash to a relative path', () => {
    expect(localePath('de', 'checkout')).toBe('/checkout');
    expect(localePath('fr', 'checkout')).toBe('/fr/checkout');
  });
});

describe('stripLocale', () => {
  test('splits a prefixed path into locale and unprefixed path', () => {
    expect(stripLocale('/en/p/1/akku-bohrer', LOCALES)).toEqual({ locale: 'en', path: '/p/1/akku-bohrer' });
  });

  test('gives the home path for a bare prefix', () => {
    expect(stripLocale('/fr', LOCALES)).toEqual({ locale: 'fr', path: '/' });
  });

  test('leaves an unprefixed German path alone', () => {
    expect(stripLocale('/c/werkzeuge', LOCALES)).toEqual({ locale: undefined, path: '/c/werkzeuge' });
  });

  test('does not read a slug that starts with locale letters as a prefix', () => {
    expect(stripLocale('/entdecken', LOCALES)).toEqual({ locale: undefined, path: '/entdecken' });
  });

  test('ignores two-letter segments that are not configured locales', () => {
    expect(stripLocale('/xx/agb', LOCALES)).toEqual({ locale: undefined, path: '/xx/agb' });
    expect(stripLocale('/it/agb', ['de', 'en'])).toEqual({ locale: undefined, path: '/it/agb' });
  });
});

describe('categoryPath', () => {
  test('puts the root slug in front of a path that lacks it', () => {
    expect(categoryPath('bohren/akku', 'werkzeuge')).toBe('/c/werkzeuge/bohren/akku');
  });

  test('does not repeat a root slug the path already starts with', () => {
    expect(categoryPath('werkzeuge/bohren', 'werkzeuge')).toBe('/c/werkzeuge/bohren');
  });

  test('compares whole slugs, not string prefixes', () => {
    expect(categoryPath('werkzeuge-sets/koffer', 'werkzeuge')).toBe('/c/werkzeuge/werkzeuge-sets/koffer');
  });

  test('builds /c/ plus the path when there is no root slug', () => {
    expect(categoryPath('bohren/akku')).toBe('/c/bohren/akku');
  });

  test('tolerates leading and trailing slashes in the category path', () => {
    expect(categoryPath('/werkzeuge/bohren/', 'werkzeuge')).toBe('/c/werkzeuge/bohren');
  });
});

describe('productPath', () => {
  test('builds /p/{id}/{slug}', () => {
    expect(productPath({ id: 4711, slug: 'akku-bohrschrauber-18v' })).toBe('/p/4711/akku-bohrschrauber-18v');
  });

  test('gives a locale-prefixed product link outside German', () => {
    expect(localePath('en', productPath({ id: 12, slug: 'drill' }))).toBe('/en/p/12/drill');
    expect(localePath('de', productPath({ id: 12, slug: 'drill' }))).toBe('/p/12/drill');
  });
});

describe('resolveContentLink', () => {
  test('turns c: targets into locale-prefixed category links', () => {
    expect(resolveContentLink('c:werkzeuge/bohren', 'de')).toBe('/c/werkzeuge/bohren');
    expect(resolveContentLink('c:werkzeuge/bohren', 'en')).toBe('/en/c/werkzeuge/bohren');
  });

  test('turns i: targets into content page links', () => {
    expect(resolveContentLink('i:agb', 'de')).toBe('/i/agb');
    expect(resolveContentLink('i:agb', 'fr')).toBe('/fr/i/agb');
  });

  test('locale-prefixes site paths', () => {
    expect(resolveContentLink('/checkout', 'es')).toBe('/es/checkout');
    expect(resolveContentLink('/checkout', 'de')).toBe('/checkout');
  });

  test('keeps absolute https URLs unchanged', () => {
    expect(resolveContentLink('https://partner.example/katalog?x=1', 'en')).toBe('https://partner.example/katalog?x=1');
  });

  test.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    '//evil.example/phish',
    '/\\evil.example',
    'http://insecure.example/',
    'data:text/html,<script>alert(1)</script>',
    'https:/\\evil.example',
  ])('rejects %s and links home instead', (target) => {
    expect(resolveContentLink(target, 'de')).toBe('/');
  });

  test('sends a rejected target to the home page of the current locale', () => {
    expect(resolveContentLink('javascript:alert(1)', 'en')).toBe('/en');
  });
});

describe('resolveContentLink with resolvers', () => {
  const slugs: Record<string, Record<string, string>> = { werkzeuge: { de: 'werkzeuge', en: 'tools' } };
  const category = (path: string, locale: string) => slugs[path]?.[locale];
  const pageSlugs: Record<string, Record<string, string>> = { agb: { de: 'agb', en: 'terms' } };
  const page = (identifier: string, locale: string) => pageSlugs[identifier]?.[locale];

  test('maps a default-language category target to the locale’s own slug path', () => {
    expect(resolveContentLink('c:werkzeuge', 'en', { category })).toBe('/en/c/tools');
    expect(resolveContentLink('c:werkzeuge', 'de', { category })).toBe('/c/werkzeuge');
  });

  test('sends a target naming no category to the home page', () => {
    expect(resolveContentLink('c:gibt-es-nicht', 'en', { category })).toBe('/en');
  });

  test('links a content page, by target or by its German path, at its slug in the locale', () => {
    expect(resolveContentLink('i:agb', 'en', { page })).toBe('/en/i/terms');
    expect(resolveContentLink('/i/agb', 'en', { page })).toBe('/en/i/terms');
    expect(resolveContentLink('i:agb', 'de', { page })).toBe('/i/agb');
    // A page the resolver does not know keeps its identifier: the route answers it (404 or a redirect).
    expect(resolveContentLink('i:neu', 'en', { page })).toBe('/en/i/neu');
    expect(resolveContentLink('/i/agb/more', 'en', { page })).toBe('/en/i/agb/more');
  });
});

describe('safeReturnPath', () => {
  test('keeps a path on this site, without its fragment', () => {
    expect(safeReturnPath('/en/p/12/drill', '/')).toBe('/en/p/12/drill');
    expect(safeReturnPath('/p/12/drill?x=1#cart', '/')).toBe('/p/12/drill?x=1');
  });

  test('gives the fallback for anything that could leave the site', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '/p\r\nLocation: x',
      'p/12',
    ]) {
      expect(safeReturnPath(value, '/en'), String(value)).toBe('/en');
    }
  });
});
