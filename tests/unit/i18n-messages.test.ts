import { describe, expect, it } from 'vitest';
import { de } from '#lib/i18n/messages/de.ts';
import { en } from '#lib/i18n/messages/en.ts';
import { es } from '#lib/i18n/messages/es.ts';
import { fr } from '#lib/i18n/messages/fr.ts';
import { it as itMessages } from '#lib/i18n/messages/it.ts';
import { MAIL_TEXTS } from '#lib/server/mail/texts.ts';
import { ORDER_MAIL_TEXTS } from '#lib/server/mail/order-texts.ts';

const locales: Record<string, Record<string, string>> = { de, fr, es, it: itMessages };
const enKeys = Object.keys(en);
/** The `{{name}}` placeholders fill() reads (src/lib/i18n/format.ts), each once, sorted. */
const names = (value: string): string[] =>
  [...new Set([...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!))].sort();
/** A `{name}` that is not part of `{{name}}`: the old single-brace syntax, which nothing fills any more. */
const singleBraces = (value: string): string[] => [...value.matchAll(/(?<!\{)\{\s*\w+\s*\}(?!\})/g)].map((m) => m[0]);

/** Every string of a nested text object, by its dotted path. */
const leaves = (value: unknown, path = ''): [string, string][] =>
  typeof value === 'string'
    ? [[path, value]]
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));

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

  it('has exactly the {{placeholders}} of en in every message', () => {
    for (const [key, enValue] of Object.entries(en)) {
      expect(names(messages[key] ?? ''), key).toEqual(names(enValue));
    }
  });

  it('keeps the language endonyms', () => {
    for (const key of enKeys.filter((k) => k.startsWith('site.languageName.'))) {
      expect(messages[key], key).toBe(en[key as keyof typeof en]);
    }
  });
});

describe.each(Object.entries({ en, ...locales }))('placeholder syntax: %s', (_locale, messages) => {
  it('writes every placeholder as {{name}}, never {name}', () => {
    for (const [key, value] of Object.entries(messages)) expect(singleBraces(value), key).toEqual([]);
  });
});

describe.each([
  ['account mails', MAIL_TEXTS],
  ['order mail', ORDER_MAIL_TEXTS],
] as const)('mail texts: %s', (_name, texts) => {
  const english = new Map(leaves(texts.en));

  it.each(Object.keys(texts))('%s has the texts and {{placeholders}} of en, never {name}', (locale) => {
    const translated = leaves(texts[locale as keyof typeof texts]);
    expect(translated.map(([path]) => path)).toEqual([...english.keys()]);
    for (const [path, value] of translated) {
      expect(names(value), path).toEqual(names(english.get(path)!));
      expect(singleBraces(value), path).toEqual([]);
    }
  });
});

describe('German specifics', () => {
  it('translates the server credentials error', () => {
    expect(de['server.Invalid credentials.']).toBe('Ungültige Zugangsdaten.');
  });
});
