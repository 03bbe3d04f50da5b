import { describe, expect, test } from 'vitest';
import { contentConfigSchemas } from '#lib/content/schemas.ts';
import { mappedCategoryTarget } from '#lib/content/features.ts';
import { buildMenu } from '#lib/content/menu.ts';
import { buildContentRows } from '#lib/server/demo/content.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import type { MenuEntry } from '#lib/content/schemas.ts';

const rows = buildContentRows();
const row = (identifier: string, locale: string) =>
  rows.find((r) => r.identifier === identifier && r.locale === locale);

describe('demo home blocks', () => {
  test.each(['home-hero', 'home-offers', 'home-new', 'home-recommendations', 'home-usps'])(
    '%s exists in all five languages with its own texts',
    (identifier) => {
      const configs = LOCALES.map((locale) => row(identifier, locale)?.config);
      expect(configs.every(Boolean)).toBe(true);
      const key = `block:${identifier}` as keyof typeof contentConfigSchemas;
      for (const config of configs) expect(contentConfigSchemas[key].safeParse(config).success).toBe(true);
      // Every language reads its own words, not a copy of the German block.
      expect(new Set(configs.map((c) => JSON.stringify(c))).size).toBe(LOCALES.length);
    },
  );

  test('the hero links to a category and has a headline and a call to action', () => {
    const hero = contentConfigSchemas['block:home-hero'].parse(row('home-hero', 'en')?.config);
    expect(hero.headline).toBe('Professional tools for every job site');
    expect(hero.cta.url).toMatch(/^c:/);
  });

  test('the home block schemas refuse unknown fields and unknown icons', () => {
    expect(contentConfigSchemas['block:home-usps'].safeParse({ items: [{ icon: 'rocket', text: 'x' }] }).success).toBe(
      false,
    );
    expect(contentConfigSchemas['block:home-offers'].safeParse({ title: 'x', colour: 'red' }).success).toBe(false);
    expect(contentConfigSchemas['block:home-offers'].parse({ title: 'Offers' })).toEqual({
      title: 'Offers',
      skus: [],
      limit: 8,
    });
  });
});

describe('demo texts per language', () => {
  const branding = contentConfigSchemas['setting:branding'].parse(row('branding', '')?.config);

  test('the branding description exists in every language, the English one in English', () => {
    expect(Object.keys(branding.descriptions).sort()).toEqual([...LOCALES].sort());
    expect(branding.descriptions.en).toBe('ProTool Supply – tools, fixings and workshop equipment for professionals.');
    expect(branding.descriptions.fr).not.toBe(branding.descriptions.de);
  });

  test('the "Profi-Angebote" menu entry has a title in every language', () => {
    const menu = contentConfigSchemas['block:menu'].parse(row('menu', '')?.config);
    const deals = menu.entries.find((e) => e.titles.some((t) => t.title === 'Profi-Angebote'));
    expect(deals?.titles.map((t) => t.locale).sort()).toEqual([...LOCALES].sort());
    expect(buildMenu([deals!], 'en')[0]?.title).toBe('Pro deals');
    expect(buildMenu([deals!], 'it')[0]?.title).toBe('Offerte pro');
  });

  test('the invoice setting has bank details', () => {
    const invoice = contentConfigSchemas['setting:invoice'].parse(row('invoice', '')?.config);
    expect(invoice).toMatchObject({ dueDays: 14, accountHolder: 'ProTool Supply GmbH', bic: 'COBADEFFXXX' });
    expect(contentConfigSchemas['setting:invoice'].safeParse({ ...invoice, iban: 'not an iban' }).success).toBe(false);
  });
});

describe('mappedCategoryTarget', () => {
  test('maps a category by id or by its default-language slug path, else nothing', () => {
    const mapper = { 12: 'i:pro-deals', 'werkzeuge/bohren': 'c:werkzeuge/saegen' };
    expect(mappedCategoryTarget(mapper, { id: 12, slugPath: 'tools' })).toBe('i:pro-deals');
    expect(mappedCategoryTarget(mapper, { slugPath: 'werkzeuge/bohren' })).toBe('c:werkzeuge/saegen');
    expect(mappedCategoryTarget(mapper, { id: 13, slugPath: 'werkzeuge' })).toBeUndefined();
  });

  test('sends a mapped menu category entry to the target, children included', () => {
    const entry: MenuEntry = {
      kind: 'dropdown',
      titles: [{ locale: 'de', title: 'Werkzeuge' }],
      url: 'c:werkzeuge',
      visibility: 'all',
      children: [
        { kind: 'link', titles: [{ locale: 'de', title: 'Bohren' }], url: 'c:werkzeuge/bohren', visibility: 'all' },
      ],
    };
    const [item] = buildMenu([entry], 'en', undefined, 'm', { 'werkzeuge/bohren': 'i:bohr-aktion' });
    expect(item?.href).toBe('/en/c/werkzeuge');
    expect(item?.children[0]?.href).toBe('/en/i/bohr-aktion');
  });
});
