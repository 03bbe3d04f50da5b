// The relevance test set: what a shopper types (item numbers, words, categories, typos, mixed
// case, umlauts spelled out, words of another language) and what must come first, on the
// deterministic demo seed of 120 products. A case names a pattern the first `top` hits' names (in
// the search's language) must match, for a misspelt or other-language term the suggestion the
// search answers with, and for a term found only in another language's names that language.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locale } from '#lib/i18n/locales.ts';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const db = await import('#lib/server/db/index.ts');
const raw = await import('../helpers/raw-rows.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { DEMO_FIXTURES } = await import('#lib/server/demo/fixtures.ts');
const search = await import('#lib/server/catalog/search.ts');
const { publish } = await import('#lib/server/publish/events.ts');

const P = DEMO_FIXTURES.products;

interface Case {
  locale: Locale;
  term: string;
  /** The name every one of the first `top` hits must have. */
  first: RegExp;
  top?: number;
  /** A misspelt or other-language term finds nothing itself: the hits are this term's. */
  suggestion?: string;
  /** A term found only in another language's names: the hits are its matches there. */
  foundIn?: Locale;
}

const CASES: Case[] = [
  // Word prefix and whole word beat substring; shorter names (parents) before longer (variants).
  { locale: 'de', term: 'bohr', first: /^Bohrhammer /, top: 2 },
  { locale: 'de', term: 'Bohrmaschine', first: /^Schlagbohrmaschine /, top: 2 },
  { locale: 'de', term: 'schraube', first: /schraube /i, top: 5 },
  { locale: 'de', term: 'bohrer', first: /bohrer /i, top: 5 },
  { locale: 'de', term: 'hammer', first: /hammer /i, top: 4 },
  { locale: 'de', term: 'winkelschleifer', first: /^Winkelschleifer /, top: 4 },
  { locale: 'de', term: 'Winkel', first: /^Winkelschleifer /, top: 4 },
  { locale: 'de', term: 'werkbank', first: /^Werkbank 1500 mm$/ },
  { locale: 'de', term: 'wasserwaage', first: /^Wasserwaage /, top: 1 },
  { locale: 'de', term: 'handschuh', first: /handschuh /i, top: 5 },
  { locale: 'de', term: 'zange', first: /zange /, top: 3 },
  { locale: 'de', term: 'niet', first: /^Blindniet /, top: 2 },
  { locale: 'de', term: 'regal', first: /regal /, top: 4 },
  { locale: 'de', term: 'brille', first: /brille /i, top: 5 },
  { locale: 'de', term: 'kompressor', first: /kompressor /, top: 4 },
  { locale: 'de', term: 'messschieber', first: /messschieber /i, top: 5 },
  { locale: 'de', term: 'werkzeugwagen', first: /^Werkzeugwagen XL 6/, top: 4 },
  { locale: 'de', term: 'spiralbohrer', first: /^HSS-Spiralbohrer /, top: 3 },
  { locale: 'de', term: 'Gehörschutz', first: /gehörschutz/i, top: 5 },
  // What a word names before what it mentions: screws (listed under a category the word names)
  // before screwdrivers, and the screw compressors (listed under "Kompressoren") after them.
  { locale: 'de', term: 'Schraube', first: /^[A-Z][\w-]*schraube /, top: 5 },
  { locale: 'de', term: 'schraubenkompressor', first: /^Schraubenkompressor /, top: 2 },
  // The plural names the kind too: a screw's name holds only the singular ("...schraube"), but a
  // category named "...schrauben" lists it, so it ranks with that category's name matches, before
  // the screwdrivers ("Schraubendreher") and the screw compressors whose names hold "schrauben".
  { locale: 'de', term: 'Schrauben', first: /^[A-Z][\w-]*schraube /, top: 5 },
  { locale: 'de', term: 'holzschrauben', first: /schraube /i, top: 2 },
  // Name beats category: the category "Trennscheiben" lists its products after name matches.
  { locale: 'de', term: 'trennscheiben', first: /scheibe /, top: 2 },
  // Umlauts, ß and their spelled-out forms, in any case.
  { locale: 'de', term: 'dübel', first: /^Spreizdübel / },
  { locale: 'de', term: 'duebel', first: /^Spreizdübel / },
  { locale: 'de', term: 'DUEBEL', first: /^Spreizdübel / },
  { locale: 'de', term: 'schlüssel', first: /schlüssel/, top: 2 },
  { locale: 'de', term: 'schluessel', first: /schlüssel/, top: 2 },
  { locale: 'de', term: 'kreissäge', first: /^Handkreissäge / },
  { locale: 'de', term: 'kreissaege', first: /^Handkreissäge / },
  { locale: 'de', term: 'SAEGE', first: /säge /i },
  { locale: 'de', term: 'gehoerschutz', first: /gehörschutz/i, top: 5 },
  { locale: 'de', term: 'groesse 8', first: /, Größe 8$/, top: 2 },
  { locale: 'de', term: 'AKKU-PACK', first: /^Akku-Pack /, top: 4 },
  // Typos: the closest word of the catalogue is searched instead and suggested.
  {
    locale: 'de',
    term: 'bohrmashine',
    first: /^(Bohrhammer|Schlagbohrmaschine|Akku-Bohrschrauber) /,
    top: 5,
    suggestion: 'bohrmaschinen',
  },
  { locale: 'de', term: 'winkelschleiffer', first: /^Winkelschleifer /, top: 4, suggestion: 'winkelschleifer' },
  { locale: 'de', term: 'wasserwage', first: /Wasserwaage /, top: 2, suggestion: 'wasserwaage' },
  { locale: 'de', term: 'schraubendreer', first: /Schraubendreher/, top: 2, suggestion: 'schraubendreher' },
  { locale: 'de', term: 'kompresor', first: /kompressor /, top: 4, suggestion: 'kompressoren' },
  { locale: 'en', term: 'hamer', first: /^Rotary hammer /, top: 2, suggestion: 'hammer' },
  { locale: 'en', term: 'gogles', first: /^Goggles /, top: 5, suggestion: 'goggles' },
  { locale: 'en', term: 'compresor', first: /compressor /, top: 4, suggestion: 'compressor' },
  { locale: 'en', term: 'screwdrivr', first: /screwdriver /i, top: 3, suggestion: 'screwdriver' },
  // English.
  { locale: 'en', term: 'screw', first: /^[A-Z][\w-]* screw /, top: 5 },
  { locale: 'en', term: 'Screws', first: /^[A-Z][\w-]* screw /, top: 5 },
  { locale: 'en', term: 'screws', first: /^[A-Z][\w-]* screw /, top: 5 },
  { locale: 'en', term: 'screw compressor', first: /^Screw compressor /, top: 2 },
  { locale: 'en', term: 'screwdriver', first: /screwdriver /i, top: 3 },
  { locale: 'en', term: 'drill', first: /^Impact drill /, top: 2 },
  { locale: 'en', term: 'DRILL', first: /^Impact drill /, top: 2 },
  { locale: 'en', term: 'drill bit', first: /drill bit /, top: 5 },
  { locale: 'en', term: 'hammer', first: /^Rotary hammer /, top: 2 },
  { locale: 'en', term: 'angle grinder', first: /^Angle grinder /, top: 4 },
  { locale: 'en', term: 'grinder', first: /^Angle grinder /, top: 4 },
  { locale: 'en', term: 'workbench', first: /^Workbench 1500 mm$/ },
  { locale: 'en', term: 'Spirit Level', first: /^Spirit level /, top: 1 },
  { locale: 'en', term: 'glove', first: /glove /, top: 5 },
  { locale: 'en', term: 'pliers', first: /pliers /, top: 3 },
  { locale: 'en', term: 'rivet', first: /^Blind rivet /, top: 2 },
  { locale: 'en', term: 'goggles', first: /^Goggles /, top: 5 },
  { locale: 'en', term: 'cordless impact', first: /^Cordless impact driver /, top: 3 },
  { locale: 'en', term: 'impact cordless', first: /^Cordless impact driver /, top: 3 },
  { locale: 'en', term: 'wrench', first: /^Torque wrench / },
  { locale: 'en', term: 'trolley', first: /^Tool trolley XL 6$/ },
  { locale: 'en', term: 'caliper', first: /caliper /, top: 5 },
  { locale: 'en', term: 'twist', first: /^HSS twist drill bit /, top: 3 },
  { locale: 'en', term: 'compressor', first: /compressor /, top: 4 },
  // A word of another language: its translation, read off the catalogue's names, where the
  // products it finds share one; else its matches in that language, shown in the shopper's.
  { locale: 'en', term: 'bohrmaschine', first: /^Impact drill /, top: 2, suggestion: 'impact drill' },
  { locale: 'en', term: 'Bohrhammer', first: /^Rotary hammer /, top: 2, suggestion: 'rotary hammer' },
  { locale: 'en', term: 'winkelschleifer', first: /^Angle grinder /, top: 4, suggestion: 'angle grinder' },
  { locale: 'en', term: 'handschuh', first: /glove /, top: 5, suggestion: 'glove' },
  { locale: 'en', term: 'kompressor', first: /compressor /, top: 4, suggestion: 'compressor' },
  { locale: 'en', term: 'trennscheiben', first: / disc /, top: 2, suggestion: 'cutting discs' },
  { locale: 'en', term: 'schraube', first: /^[A-Z][\w-]* screw /, top: 5, foundIn: 'de' },
  { locale: 'en', term: 'akku', first: /^(Battery pack|Li-ion battery) /, top: 5, foundIn: 'de' },
  { locale: 'de', term: 'drill', first: /^Schlagbohrmaschine /, top: 2, foundIn: 'en' },
  { locale: 'de', term: 'screw', first: /^[A-Z][\w-]*schraube /, top: 5, foundIn: 'en' },
  { locale: 'de', term: 'glove', first: /handschuh /i, top: 5, foundIn: 'en' },
  { locale: 'de', term: 'angle grinder', first: /^Winkelschleifer /, top: 4, suggestion: 'winkelschleifer' },
  { locale: 'de', term: 'spirit level', first: /Wasserwaage /, top: 2, suggestion: 'wasserwaage' },
  { locale: 'de', term: 'tornillo', first: /^[A-Z][\w-]*schraube /, top: 3, foundIn: 'es' },
];

/** Item numbers, SKUs and their case: the exact product, and only it. */
const EXACT: { locale: Locale; term: (row: { itemnum: string; sku: string }) => string; sku: string }[] = [
  { locale: 'de', term: (r) => r.itemnum, sku: P.available },
  { locale: 'en', term: (r) => r.itemnum, sku: P.limited },
  { locale: 'de', term: (r) => r.sku.toLowerCase(), sku: P.notAvailable },
  { locale: 'en', term: (r) => r.sku.toLowerCase(), sku: P.variants[1] },
  { locale: 'de', term: (r) => r.sku, sku: P.colourVariantParent },
];

let names = new Map<string, string>();

beforeAll(async () => {
  const database = await db.database();
  await database.migrate();
  await seedDemoData(database.db, { products: 120 });
  const found = await raw.rows<{ id: number; locale: string; name: string }>(
    await db.getDb(),
    sql`select product_id as id, locale, name from product_translations`,
  );
  names = new Map(found.map((r) => [`${r.locale}:${Number(r.id)}`, r.name]));
}, 120_000);

afterAll(async () => {
  await db.closeDatabase();
});

describe('searchProducts: relevance', () => {
  test('the set holds at least 40 queries in German and English', () => {
    expect(CASES.length + EXACT.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CASES.map((c) => c.locale))).toEqual(new Set(['de', 'en']));
  });

  test.each(CASES)(
    '$locale "$term" ranks $first first',
    async ({ locale, term, first, top = 1, suggestion, foundIn }) => {
      const result = await search.searchProducts(term, locale, 0, 12);
      const shown = result.ids.map((id) => names.get(`${locale}:${id}`) ?? `#${id}`);
      expect(shown.length, shown.join(' | ')).toBeGreaterThanOrEqual(top);
      for (const name of shown.slice(0, top)) expect(name, shown.join(' | ')).toMatch(first);
      expect(result.suggestion).toBe(suggestion);
      expect(result.foundIn).toBe(foundIn);
    },
  );

  test.each(EXACT)('$locale item number or SKU of $sku finds exactly it', async ({ locale, term, sku }) => {
    const [row] = await raw.rows<{ id: number; itemnum: string; sku: string }>(
      await db.getDb(),
      sql`select id, itemnum, sku from products where sku = ${sku}`,
    );
    expect(await search.searchProducts(term(row!), locale, 0, 12)).toMatchObject({
      ids: [Number(row!.id)],
      exact: true,
    });
  });

  test('a renamed product is found, and suggested, by its new name as soon as the change is published', async () => {
    const [row] = await raw.rows<{ id: number; name: string }>(
      await db.getDb(),
      sql`
      select product_id as id, name from product_translations where locale = 'de' order by product_id limit 1`,
    );
    const id = Number(row!.id);
    const rename = async (name: string) => {
      await raw.rows(
        await db.getDb(),
        sql`update product_translations set name = ${name} where product_id = ${id} and locale = 'de'`,
      );
      await publish(await db.database(), { products: [id] }, { source: 'import' });
    };
    await search.searchProducts('bohr', 'de', 0, 12); // the index is built before the change
    await rename('Quarzbürste Extra');
    try {
      expect((await search.searchProducts('quarzbuerste', 'de', 0, 12)).ids).toEqual([id]);
      expect(await search.searchProducts('quarzbürtse', 'de', 0, 12)).toMatchObject({
        ids: [id],
        suggestion: 'quarzbuerste',
      });
      expect((await search.searchProducts(row!.name, 'de', 0, 240)).ids).not.toContain(id);
    } finally {
      await rename(row!.name);
    }
    expect((await search.searchProducts('quarzbuerste', 'de', 0, 12)).ids).toEqual([]);
  });

  test('a product taken off sale leaves the search when published, and comes back when put on sale', async () => {
    const [row] = await raw.rows<{ id: number; itemnum: string }>(
      await db.getDb(),
      sql`
      select id, itemnum from products where parent_id is null and is_active order by id desc limit 1`,
    );
    const id = Number(row!.id);
    const setActive = async (active: boolean) => {
      await raw.rows(await db.getDb(), sql`update products set is_active = ${active} where id = ${id}`);
      await publish(await db.database(), { products: [id] }, { source: 'import' });
    };
    expect((await search.searchProducts(row!.itemnum, 'de', 0, 12)).ids).toEqual([id]);
    await setActive(false);
    try {
      expect((await search.searchProducts(row!.itemnum, 'de', 0, 240)).ids).not.toContain(id);
    } finally {
      await setActive(true);
    }
    expect((await search.searchProducts(row!.itemnum, 'de', 0, 12)).ids).toEqual([id]);
  });

  test('a renamed category lists its products under the new name once published', async () => {
    const [category] = await raw.rows<{ id: number; name: string }>(
      await db.getDb(),
      sql`
      select ct.category_id as id, ct.name from category_translations ct
      where ct.locale = 'en' and exists (select 1 from product_categories pc where pc.category_id = ct.category_id) order by ct.category_id limit 1`,
    );
    const rename = async (name: string) => {
      await raw.rows(
        await db.getDb(),
        sql`update category_translations set name = ${name} where category_id = ${category!.id} and locale = 'en'`,
      );
      await publish(await db.database(), { categories: [Number(category!.id)] }, { source: 'import' });
    };
    await rename('Zyxwvut Tools');
    try {
      expect((await search.searchCategories('zyxwvut', 'en')).map((c) => c.id)).toEqual([Number(category!.id)]);
      expect((await search.searchProducts('zyxwvut', 'en', 0, 12)).count).toBeGreaterThan(0);
    } finally {
      await rename(category!.name);
    }
    expect(await search.searchCategories('zyxwvut', 'en')).toEqual([]);
  });

  test('a term like nothing in the catalogue finds nothing and suggests nothing', async () => {
    expect(await search.searchProducts('zzqqxx', 'de', 0, 12)).toEqual({
      ids: [],
      count: 0,
      capped: false,
      exact: false,
      listed: [],
    });
  });
});
