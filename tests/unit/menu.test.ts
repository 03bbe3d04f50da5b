import { describe, expect, test } from 'vitest';
import { buildMenu, groupItems, hasFullRowMenu, menuFor, type MenuItem } from '#lib/content/menu.ts';
import type { MenuEntry } from '#lib/content/schemas.ts';
import type { Locale } from '#lib/i18n/locales.ts';

const entry = (title: string, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  kind: 'link',
  titles: [{ locale: 'de', title }],
  visibility: 'all',
  ...extra,
});

const item = (id: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  kind: 'link',
  title: id,
  href: undefined,
  visibility: 'all',
  group: undefined,
  sidebar: false,
  children: [],
  ...extra,
});

const config: MenuEntry[] = [
  entry('Werkzeuge', {
    kind: 'container',
    titles: [
      { locale: 'de', title: 'Werkzeuge' },
      { locale: 'en', title: 'Tools' },
    ],
    url: 'c:werkzeuge',
    children: [
      entry('Bohren', { url: 'c:werkzeuge/bohren', group: 'Elektro' }),
      entry('Sägen', { url: 'c:werkzeuge/saegen', group: 'Elektro', visibility: 'desktop' }),
      entry('Hämmer', {
        url: 'c:werkzeuge/haemmer',
        visibility: 'mobile',
        children: [entry('Fäustel', { url: 'c:werkzeuge/haemmer/faeustel' })],
      }),
    ],
  }),
  entry('AGB', { url: 'i:agb', visibility: 'mobile' }),
  entry('Partner', { url: 'https://partner.example/', visibility: 'desktop' }),
  entry('Aktionen', { kind: 'dropdown' }),
];

function allIds(items: MenuItem[]): string[] {
  return items.flatMap((i) => [i.id, ...allIds(i.children)]);
}

describe('a menu item title', () => {
  const menuTitle = ({ titles }: Pick<MenuEntry, 'titles'>, locale: Locale) =>
    buildMenu([entry('', { titles })], locale)[0]!.title;

  test('uses the title of the current locale', () => {
    expect(
      menuTitle(
        {
          titles: [
            { locale: 'de', title: 'Werkzeuge' },
            { locale: 'en', title: 'Tools' },
          ],
        },
        'en',
      ),
    ).toBe('Tools');
  });

  test('falls back to the first title when the locale has none', () => {
    expect(
      menuTitle(
        {
          titles: [
            { locale: 'en', title: 'Tools' },
            { locale: 'de', title: 'Werkzeuge' },
          ],
        },
        'fr',
      ),
    ).toBe('Tools');
  });

  test('prefers the locale title even when it is not the first', () => {
    expect(
      menuTitle(
        {
          titles: [
            { locale: 'en', title: 'Tools' },
            { locale: 'it', title: 'Utensili' },
          ],
        },
        'it',
      ),
    ).toBe('Utensili');
  });
});

describe('buildMenu', () => {
  test('gives every item in the tree a unique id', () => {
    const ids = allIds(buildMenu(config, 'de'));
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('gives the same ids for the same configuration', () => {
    expect(allIds(buildMenu(config, 'de'))).toEqual(allIds(buildMenu(config, 'en')));
  });

  test('resolves titles for the locale', () => {
    const menu = buildMenu(config, 'en');
    expect(menu[0]!.title).toBe('Tools');
    expect(menu[1]!.title).toBe('AGB');
  });

  test('resolves link targets to locale paths', () => {
    const de = buildMenu(config, 'de');
    const en = buildMenu(config, 'en');
    expect(de[0]!.href).toBe('/c/werkzeuge');
    expect(en[0]!.href).toBe('/en/c/werkzeuge');
    expect(en[1]!.href).toBe('/en/i/agb');
    expect(en[2]!.href).toBe('https://partner.example/');
    expect(en[0]!.children[0]!.href).toBe('/en/c/werkzeuge/bohren');
  });

  test('leaves items without a target without href', () => {
    expect(buildMenu(config, 'de')[3]!.href).toBeUndefined();
  });

  test('never renders an unsafe target', () => {
    const [unsafe] = buildMenu([entry('X', { url: 'javascript:alert(1)' })], 'de');
    expect(unsafe!.href).toBe('/');
  });

  test('builds nested children with kind, group, visibility and sidebar', () => {
    const [tools] = buildMenu(config, 'de');
    expect(tools!.kind).toBe('container');
    expect(tools!.children.map((c) => c.title)).toEqual(['Bohren', 'Sägen', 'Hämmer']);
    expect(tools!.children[0]!.group).toBe('Elektro');
    expect(tools!.children[1]!.visibility).toBe('desktop');
    expect(tools!.children[2]!.children.map((c) => c.title)).toEqual(['Fäustel']);
    expect(tools!.sidebar).toBe(false);
    expect(buildMenu([entry('S', { sidebar: true })], 'de')[0]!.sidebar).toBe(true);
  });

  test("leaves hidden entries out, with their children, and keeps the others' ids", () => {
    const [tools] = config;
    const hiding = [
      { ...tools!, children: [{ ...tools!.children![0]!, hidden: true }, ...tools!.children!.slice(1)] },
      { ...config[1]!, hidden: true },
      ...config.slice(2),
    ];
    const menu = buildMenu(hiding, 'de');
    expect(menu.map((i) => i.title)).not.toContain('AGB');
    expect(menu[0]!.children.map((c) => c.title)).toEqual(['Sägen', 'Hämmer']);
    expect(menu[0]!.children[0]!.id).toBe(buildMenu(config, 'de')[0]!.children[1]!.id);
  });
});

describe('menuFor', () => {
  const menu = buildMenu(config, 'de');

  test('shows all and desktop items on desktop', () => {
    expect(menuFor(menu, 'desktop').map((i) => i.title)).toEqual(['Werkzeuge', 'Partner', 'Aktionen']);
  });

  test('shows all and mobile items on mobile', () => {
    expect(menuFor(menu, 'mobile').map((i) => i.title)).toEqual(['Werkzeuge', 'AGB', 'Aktionen']);
  });

  test('filters children recursively', () => {
    expect(menuFor(menu, 'desktop')[0]!.children.map((i) => i.title)).toEqual(['Bohren', 'Sägen']);
    const mobile = menuFor(menu, 'mobile')[0]!.children;
    expect(mobile.map((i) => i.title)).toEqual(['Bohren', 'Hämmer']);
    expect(mobile[1]!.children.map((i) => i.title)).toEqual(['Fäustel']);
  });

  test('does not change the full menu', () => {
    menuFor(menu, 'mobile');
    expect(menu[0]!.children).toHaveLength(3);
    expect(menu).toHaveLength(4);
  });
});

describe('hasFullRowMenu', () => {
  test('is true when the first entry is a container', () => {
    expect(hasFullRowMenu([item('a', { kind: 'container' }), item('b')])).toBe(true);
  });

  test('is false when only a later entry is a container', () => {
    expect(hasFullRowMenu([item('a'), item('b', { kind: 'container' })])).toBe(false);
    expect(hasFullRowMenu([item('a', { kind: 'dropdown' })])).toBe(false);
  });

  test('is false for an empty menu', () => {
    expect(hasFullRowMenu([])).toBe(false);
  });
});

describe('groupItems', () => {
  test('puts consecutive items of the same group together, in order', () => {
    const groups = groupItems([
      item('a', { group: 'Elektro' }),
      item('b', { group: 'Elektro' }),
      item('c'),
      item('d', { group: 'Hand' }),
      item('e', { group: 'Elektro' }),
    ]);
    expect(groups.map((g) => [g.group, g.items.map((i) => i.id)])).toEqual([
      ['Elektro', ['a', 'b']],
      [undefined, ['c']],
      ['Hand', ['d']],
      ['Elektro', ['e']],
    ]);
  });

  test('keeps ungrouped neighbours in one group', () => {
    expect(groupItems([item('a'), item('b')]).map((g) => g.items.length)).toEqual([2]);
  });

  test('gives no groups for no items', () => {
    expect(groupItems([])).toEqual([]);
  });
});
