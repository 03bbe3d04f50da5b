// Content page addresses per language: which slug a page has, which page a segment names, and
// which pages would collide.
import { describe, expect, test } from 'vitest';
import { pageSlugs, publishAddresses, slugConflicts, type PageRow } from '#lib/content/page-slugs.ts';
import { LOCALES } from '#lib/i18n/locales.ts';

const ROWS: PageRow[] = [
  { identifier: 'agb', locale: 'de', slug: null },
  { identifier: 'agb', locale: 'en', slug: 'terms' },
  { identifier: 'agb', locale: 'fr', slug: 'conditions' },
  // All-languages row: the same slug wherever no own row exists.
  { identifier: 'kontakt', locale: '', slug: 'contact' },
  // Only in German.
  { identifier: 'aktion', locale: 'de', slug: 'fruehjahr' },
];

describe('pageSlugs', () => {
  const slugs = pageSlugs(ROWS, LOCALES);

  test('gives a page its own row’s slug, else the all-languages row’s, else its identifier', () => {
    expect(slugs.slug('agb', 'en')).toBe('terms');
    expect(slugs.slug('agb', 'de')).toBe('agb');
    expect(slugs.slug('kontakt', 'it')).toBe('contact');
    expect(slugs.slug('aktion', 'de')).toBe('fruehjahr');
  });

  test('knows no slug where the page does not exist', () => {
    expect(slugs.slug('agb', 'es')).toBeUndefined();
    expect(slugs.slug('aktion', 'en')).toBeUndefined();
    expect(slugs.slug('unbekannt', 'de')).toBeUndefined();
  });

  test('finds a page by its slug (canonical), or by its identifier or another language’s slug (to redirect)', () => {
    expect(slugs.find('terms', 'en')).toEqual({ identifier: 'agb', slug: 'terms' });
    expect(slugs.find('agb', 'en')).toEqual({ identifier: 'agb', slug: 'terms' });
    expect(slugs.find('conditions', 'en')).toEqual({ identifier: 'agb', slug: 'terms' });
    expect(slugs.find('terms', 'de')).toEqual({ identifier: 'agb', slug: 'agb' });
    expect(slugs.find('aktion', 'de')).toEqual({ identifier: 'aktion', slug: 'fruehjahr' });
  });

  test('finds nothing for unknown segments or pages missing in the language', () => {
    expect(slugs.find('fruehjahr', 'en')).toBeNull();
    expect(slugs.find('terms', 'es')).toBeNull();
    expect(slugs.find('nichts', 'de')).toBeNull();
  });
});

describe('slugConflicts', () => {
  test('names pages that share an address in a language', () => {
    expect(slugConflicts(ROWS, LOCALES)).toEqual([]);
    const clash = [...ROWS, { identifier: 'bedingungen', locale: 'en', slug: 'terms' }];
    expect(slugConflicts(clash, LOCALES)).toEqual([
      `page:bedingungen (en): slug 'terms' is already the address of page:agb`,
    ]);
  });
});

describe('publishAddresses', () => {
  const before = { current: { agb: { de: 'agb', en: 'terms' }, impressum: { de: 'impressum' } }, former: {} };

  test('finds nothing to do when no address changed', () => {
    expect(
      publishAddresses(before, { agb: { en: 'terms', de: 'agb' }, impressum: { de: 'impressum' } }, LOCALES),
    ).toMatchObject({ pages: [], locales: [] });
  });

  test('names the changed pages and languages, and remembers the slug replaced', () => {
    const { next, pages, locales } = publishAddresses(
      before,
      { agb: { de: 'agb', en: 'terms-of-sale' }, impressum: { de: 'impressum' } },
      LOCALES,
    );
    expect([pages, locales]).toEqual([['agb'], ['en']]);
    expect(next.former).toEqual({ agb: { en: ['terms'] } });
    // The former slug still finds the page, to redirect to its address.
    const rows: PageRow[] = [{ identifier: 'agb', locale: 'en', slug: 'terms-of-sale' }];
    expect(pageSlugs(rows, LOCALES, next.former).find('terms', 'en')).toEqual({
      identifier: 'agb',
      slug: 'terms-of-sale',
    });
  });

  test('a new or deleted page changes its languages', () => {
    expect(
      publishAddresses(
        before,
        { agb: before.current.agb, impressum: { de: 'impressum' }, neu: { fr: 'neuf' } },
        LOCALES,
      ),
    ).toMatchObject({ pages: ['neu'], locales: ['fr'] });
    expect(publishAddresses(before, { agb: before.current.agb }, LOCALES)).toMatchObject({
      pages: ['impressum'],
      locales: ['de'],
    });
  });
});
