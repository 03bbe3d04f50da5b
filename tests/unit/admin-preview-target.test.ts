import { describe, expect, test } from 'vitest';
import { previewLocale, previewPath } from '#lib/admin/preview-target.ts';
import type { Change } from '#lib/admin/entry-changes.ts';

const changeIn = (locale: Change['locale']): Change => ({ kind: 'added', where: [], locale, title: 'x' });

describe('previewLocale', () => {
  test('a language row previews its own language, whatever the workspace speaks', () => {
    expect(previewLocale({ locale: 'en' }, [], 'de')).toBe('en');
    expect(previewLocale({ locale: 'it' }, [changeIn('fr')], 'en')).toBe('it');
  });

  test('the row of every language previews the language its draft changes', () => {
    // An English menu title edited in the German workspace: the English pages show it.
    expect(previewLocale({ locale: '' }, [changeIn('en')], 'de')).toBe('en');
    expect(previewLocale({ locale: '' }, [changeIn('es'), changeIn('fr')], 'de')).toBe('fr');
    expect(previewLocale({ locale: '' }, [changeIn('en'), changeIn('de')], 'de')).toBe('de');
  });

  test('a change every language shows previews in the workspace language (German for any other)', () => {
    expect(previewLocale({ locale: '' }, [changeIn(null)], 'en')).toBe('en');
    expect(previewLocale({ locale: '' }, [], 'de')).toBe('de');
    expect(previewLocale({ locale: '' }, [], 'xx')).toBe('de');
  });
});

describe('previewPath', () => {
  test('a content page opens at the address its config gives it, with the language prefix', () => {
    expect(previewPath({ type: 'page', identifier: 'agb' }, { title: 'Terms', slug: 'terms' }, 'en')).toBe(
      '/en/i/terms',
    );
    expect(previewPath({ type: 'page', identifier: 'agb' }, { title: 'AGB' }, 'de')).toBe('/i/agb');
    expect(previewPath({ type: 'page', identifier: 'agb' }, null, 'fr')).toBe('/fr/i/agb');
  });

  test('the home text, blocks and settings open that language home page', () => {
    expect(previewPath({ type: 'page', identifier: 'home' }, { title: 'Home' }, 'es')).toBe('/es');
    for (const identifier of ['menu', 'footer', 'top-banner', 'home-hero', 'notification-bar'])
      expect(previewPath({ type: 'block', identifier }, {}, 'en')).toBe('/en');
    expect(previewPath({ type: 'setting', identifier: 'locale' }, {}, 'de')).toBe('/');
    expect(previewPath({ type: 'block', identifier: 'menu' }, {}, 'it')).toBe('/it');
  });
});
