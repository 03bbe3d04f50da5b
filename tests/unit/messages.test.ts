import { describe, expect, it } from 'vitest';
import { de } from '#lib/i18n/messages/de.ts';
import { en } from '#lib/i18n/messages/en.ts';
import { es } from '#lib/i18n/messages/es.ts';
import { fr } from '#lib/i18n/messages/fr.ts';
import { it as itMessages } from '#lib/i18n/messages/it.ts';

const locales: Record<string, Record<string, string>> = { de, fr, es, it: itMessages };
const enKeys = Object.keys(en);
const placeholders = (value: string): string[] => [...value.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]!);

describe.each(Object.entries(locales))('messages: %s', (_locale, messages) => {
  it('has exactly the keys of en, in the same order', () => {
    expect(Object.keys(messages)).toEqual(enKeys);
  });

  it('has only non-empty string values', () => {
    for (const key of enKeys) {
      const value = messages[key];
      expect(typeof value, key).toBe('string');
      expect(value!.trim(), key).not.toBe('');
    }
  });

  it('keeps every {{placeholder}} of en', () => {
    for (const [key, enValue] of Object.entries(en)) {
      const translated = placeholders(messages[key] ?? '');
      for (const name of placeholders(enValue)) {
        expect(translated, `${key}: {{${name}}}`).toContain(name);
      }
    }
  });

  it('keeps the language endonyms', () => {
    for (const key of enKeys.filter((k) => k.startsWith('site.languageName.'))) {
      expect(messages[key], key).toBe(en[key as keyof typeof en]);
    }
  });
});

describe('German specifics', () => {
  it('translates the server credentials error', () => {
    expect(de['server.Invalid credentials.']).toBe('Ungültige Zugangsdaten.');
  });
});
