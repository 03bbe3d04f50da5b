import { describe, expect, test } from 'vitest';
import { contentConfigSchemas, pageConfigSchema } from '#lib/content/schemas.ts';
import { describeSchema } from '#lib/admin/form-model.ts';
import { changeMessages } from '#lib/admin/change-messages.ts';
import { byLanguage, changedWords, entryChanges, type Change } from '#lib/admin/entry-changes.ts';

const menu = describeSchema(contentConfigSchemas['block:menu']);
const footer = describeSchema(contentConfigSchemas['block:footer']);
const localeSetting = describeSchema(contentConfigSchemas['setting:locale']);
const page = describeSchema(pageConfigSchema);
const branding = describeSchema(contentConfigSchemas['setting:branding']);

const entry = (de: string, en: string, url = '/x') => ({
  kind: 'link',
  titles: [
    { locale: 'de', title: de },
    { locale: 'en', title: en },
  ],
  url,
  visibility: 'all',
});
const menuOf = (...entries: object[]) => ({ config: { entries }, content: null });

describe('entryChanges', () => {
  test('names a changed field by its path, the list entry by its title and the language of its row', () => {
    const before = menuOf(entry('Sortiment', 'Range'), entry('Marken', 'Brands'));
    const after = menuOf(entry('Sortiment', 'Our range'), entry('Marken', 'Brands'));
    expect(entryChanges(menu, before, after, '')).toEqual<Change[]>([
      {
        kind: 'changed',
        where: [
          { field: 'entries' },
          { item: 'Sortiment', position: 1 },
          { field: 'titles' },
          { item: 'Our range', position: 2, locale: 'en' },
          { field: 'title' },
        ],
        locale: 'en',
        before: { kind: 'text', text: 'Range' },
        after: { kind: 'text', text: 'Our range' },
      },
    ]);
  });

  test('tells added, removed and moved list entries by their titles, not their positions', () => {
    const a = entry('Sortiment', 'Range');
    const b = entry('Marken', 'Brands', '/b');
    const c = entry('Angebote', 'Offers', '/c');
    const d = entry('Neu', 'New', '/d');
    const changes = entryChanges(menu, menuOf(a, b, c), menuOf(c, a, d), '');
    expect(changes).toEqual<Change[]>([
      { kind: 'removed', where: [{ field: 'entries' }], locale: null, title: 'Marken' },
      { kind: 'moved', where: [{ field: 'entries' }], locale: null, title: 'Angebote', from: 3, to: 1 },
      { kind: 'added', where: [{ field: 'entries' }], locale: null, title: 'Neu' },
    ]);
  });

  test('an entry edited in place is a change of its fields, not a removal and an addition', () => {
    const changes = entryChanges(
      menu,
      menuOf(entry('Sortiment', 'Range', '/a')),
      menuOf(entry('Produkte', 'Range', '/b')),
      '',
    );
    expect(changes.map((c) => c.kind)).toEqual(['changed', 'changed']);
    expect(changes[0]).toMatchObject({
      where: [
        { field: 'entries' },
        { item: 'Produkte', position: 1 },
        { field: 'titles' },
        { item: 'Produkte', position: 1, locale: 'de' },
        { field: 'title' },
      ],
      locale: 'de',
      before: { text: 'Sortiment' },
    });
    expect(changes[1]).toMatchObject({
      where: [{ field: 'entries' }, { item: 'Produkte' }, { field: 'url' }],
      locale: null,
    });
  });

  test('hides unchanged fields and says nothing for equal versions', () => {
    const footerValue = {
      columns: [{ header: 'Service', items: [{ label: 'Kontakt', url: 'i:kontakt' }] }],
      social: [],
    };
    expect(
      entryChanges(
        footer,
        { config: footerValue, content: null },
        { config: structuredClone(footerValue), content: null },
        'en',
      ),
    ).toEqual([]);
    const changed = structuredClone(footerValue);
    changed.columns[0]!.items[0]!.label = 'Contact us';
    const changes = entryChanges(
      footer,
      { config: footerValue, content: null },
      { config: changed, content: null },
      'en',
    );
    expect(changes).toHaveLength(1);
    // A language row's changes are all that language's.
    expect(changes[0]).toMatchObject({
      kind: 'changed',
      locale: 'en',
      before: { text: 'Kontakt' },
      after: { text: 'Contact us' },
    });
  });

  test('a text per language in a mapping belongs to that language; choices and switches keep their codes', () => {
    const changes = entryChanges(
      localeSetting,
      { config: { messages: { en: { 'cart.title': 'Cart' } } }, content: null },
      { config: { messages: { en: { 'cart.title': 'Basket' }, fr: { 'cart.title': 'Panier' } } }, content: null },
      '',
    );
    expect(changes).toEqual<Change[]>([
      {
        kind: 'changed',
        where: [{ field: 'messages' }, { key: 'en' }, { key: 'cart.title' }],
        locale: 'en',
        before: { kind: 'text', text: 'Cart' },
        after: { kind: 'text', text: 'Basket' },
      },
      {
        kind: 'changed',
        where: [{ field: 'messages' }, { key: 'fr' }, { key: 'cart.title' }],
        locale: 'fr',
        before: { kind: 'none' },
        after: { kind: 'text', text: 'Panier' },
      },
    ]);
    const flags = entryChanges(
      branding,
      { config: { flags: { filterView: 'sidebar', isSortingEnabled: true } }, content: null },
      { config: { flags: { filterView: 'top', isSortingEnabled: false } }, content: null },
      '',
    );
    // In the form's order of fields.
    expect(flags.map((c) => c.kind === 'changed' && [c.before, c.after])).toEqual([
      [
        { kind: 'flag', on: true },
        { kind: 'flag', on: false },
      ],
      [
        { kind: 'option', field: 'filterView', value: 'sidebar' },
        { kind: 'option', field: 'filterView', value: 'top' },
      ],
    ]);
  });

  test('the HTML is a change of its own, old and new as they are', () => {
    const before = { config: { title: 'AGB' }, content: '<p>Alt</p>' };
    const after = { config: { title: 'Terms' }, content: '<p>New</p>' };
    expect(entryChanges(page, before, after, 'en')).toEqual<Change[]>([
      {
        kind: 'changed',
        where: [{ field: 'title' }],
        locale: 'en',
        before: { kind: 'text', text: 'AGB' },
        after: { kind: 'text', text: 'Terms' },
      },
      { kind: 'html', where: [], locale: 'en', before: '<p>Alt</p>', after: '<p>New</p>' },
    ]);
  });

  test('a version against nothing (a deleted one) lists what it held', () => {
    const changes = entryChanges(page, null, { config: { title: 'Neu' }, content: null }, 'de');
    expect(changes).toEqual<Change[]>([
      {
        kind: 'changed',
        where: [{ field: 'title' }],
        locale: 'de',
        before: { kind: 'none' },
        after: { kind: 'text', text: 'Neu' },
      },
    ]);
  });

  test('lists of plain values: added and removed values, and moves', () => {
    const attributes = describeSchema(contentConfigSchemas['setting:attributes']);
    const changes = entryChanges(
      attributes,
      { config: { filters: ['brand', 'colour', 'size'], header: [], list: [] }, content: null },
      { config: { filters: ['size', 'brand', 'material'], header: [], list: [] }, content: null },
      '',
    );
    expect(changes).toEqual<Change[]>([
      { kind: 'removed', where: [{ field: 'filters' }], locale: null, title: 'colour' },
      { kind: 'moved', where: [{ field: 'filters' }], locale: null, title: 'size', from: 3, to: 1 },
      { kind: 'added', where: [{ field: 'filters' }], locale: null, title: 'material' },
    ]);
  });
});

describe('byLanguage', () => {
  test('groups the changes every language shows first, then the languages in the shop order', () => {
    const change = (locale: Change['locale']): Change => ({ kind: 'added', where: [], locale, title: String(locale) });
    const groups = byLanguage([change('fr'), change(null), change('en'), change('fr')]);
    expect(groups.map((g) => [g.locale, g.changes.length])).toEqual([
      [null, 1],
      ['en', 1],
      ['fr', 2],
    ]);
  });
});

describe('changedWords', () => {
  test('marks the words that differ, each side keeping its own text', () => {
    const { before, after } = changedWords('Free delivery from 50 EUR', 'Free delivery from 75 EUR');
    expect(before.map((r) => r.text).join('')).toBe('Free delivery from 50 EUR');
    expect(after.map((r) => r.text).join('')).toBe('Free delivery from 75 EUR');
    expect(before.filter((r) => r.changed).map((r) => r.text)).toEqual(['50']);
    expect(after.filter((r) => r.changed).map((r) => r.text)).toEqual(['75']);
  });

  test('marks nothing in a text replaced as a whole', () => {
    expect(changedWords('Products', 'Our range')).toEqual({
      before: [{ text: 'Products', changed: false }],
      after: [{ text: 'Our range', changed: false }],
    });
  });
});

describe('changeMessages', () => {
  test('every language has every text, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const { de, ...others } = changeMessages;
    for (const [language, messages] of Object.entries(others)) {
      expect(Object.keys(messages).sort(), language).toEqual(Object.keys(de).sort());
      for (const [key, text] of Object.entries(de)) {
        const own = (messages as Record<string, string>)[key]!;
        expect(own.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(own), `${language} ${key}`).toEqual(placeholders(text));
      }
    }
  });
});
