// The in-memory search index without a database: ranking keys (their parts: search-ranking.test.ts), replacing and removing products,
// and renumbering once most slots are dead. The ranking against the database's own definition is
// tests/integration/search-ranking.test.ts.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { topK } from '#lib/search/top-k.ts';
import { SearchIndex, type IndexedProduct } from '#lib/server/catalog/search-index.ts';

describe('topK', () => {
  test('equals sorting everything and taking the first k', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.integer({ min: 0, max: 30 }), (items, k) => {
        const order = (a: number, b: number) => a - b;
        expect(topK(items, k, order)).toEqual([...items].sort(order).slice(0, k));
      }),
    );
  });
});

let nextId = 1;
function product(de: string, extra: Partial<IndexedProduct> = {}): IndexedProduct {
  const id = extra.id ?? nextId++;
  return {
    id,
    parentId: null,
    itemnum: `IT-${id}`,
    sku: `sku-${id}`,
    codes: [],
    originalId: null,
    created: id,
    categories: [],
    names: { de: ` ${de} `, en: ` ${de} ` },
    ...extra,
  };
}

const names = (index: SearchIndex, words: string[], k = 10) => index.nameMatches(words, 'de', k).hits.map((h) => h.id);

describe('SearchIndex.nameMatches', () => {
  test('ranks whole word, word end, word start, anywhere; then the shorter name; then the higher id', () => {
    const index = new SearchIndex();
    const anywhere = product('abohrx');
    const start = product('bohrer');
    const end = product('schlagbohr');
    const whole = product('bohr');
    const wholeLonger = product('bohr maschine');
    const wholeLongerNewer = product('bohr maschine');
    index.put([anywhere, start, end, whole, wholeLonger, wholeLongerNewer]);
    expect(names(index, ['bohr'])).toEqual(
      [whole, wholeLongerNewer, wholeLonger, end, start, anywhere].map((p) => p.id),
    );
  });

  test('a product a category named by the term lists comes first, whatever its name words score', () => {
    const index = new SearchIndex();
    const screwCompressor = product('schraube kompressor', { categories: [1] });
    const countersunkScrew = product('senkschraube m6', { categories: [2] });
    const screwdriver = product('schraubendreher', { categories: [3] });
    index.put([screwCompressor, countersunkScrew, screwdriver]);
    index.setCategories('de', [
      { id: 1, name: 'Kompressoren', slugPath: 'kompressoren', searchName: ' kompressoren ' },
      { id: 2, name: 'Schrauben', slugPath: 'schrauben', searchName: ' schrauben ' },
      { id: 3, name: 'Werkzeug', slugPath: 'werkzeug', searchName: ' werkzeug ' },
    ]);
    expect(names(index, ['schraube'])).toEqual([countersunkScrew, screwCompressor, screwdriver].map((p) => p.id));
    // A category match that is no name match is no name hit at all: it follows them (otherMatches).
    expect(names(index, ['werkzeug'])).toEqual([]);
    // The plural a category is named by finds the singular in the names of the products it lists,
    // and only there: the screw compressor's "schraube" is no match of "schrauben".
    expect(names(index, ['kompressoren'])).toEqual([screwCompressor.id]);
    expect(names(index, ['schrauben'])).toEqual([countersunkScrew, screwdriver].map((p) => p.id));
    expect(index.nameMatches(['schrauben'], 'de', 10)).toMatchObject({ total: 2, asTyped: 1 });
  });

  test('needs every word, sums their scores and counts every match', () => {
    const index = new SearchIndex();
    const both = product('akku bohrschrauber');
    const one = product('akku lampe');
    index.put([both, one]);
    expect(index.nameMatches(['akku', 'bohr'], 'de', 1)).toMatchObject({
      hits: [{ id: both.id, listed: both.id }],
      total: 1,
    });
    expect(index.nameMatches(['akku'], 'de', 1).total).toBe(2);
  });

  test('a replaced product is found by its new name only; a removed one not at all', () => {
    const index = new SearchIndex();
    const p = product('hammer');
    index.put([p]);
    index.put([{ ...p, names: { de: ' zange ' } }]);
    expect(names(index, ['hammer'])).toEqual([]);
    expect(names(index, ['zange'])).toEqual([p.id]);
    index.remove([p.id]);
    expect(names(index, ['zange'])).toEqual([]);
    expect(index.size).toBe(0);
  });
});

describe('SearchIndex other matches and exact matches', () => {
  test('item number fragments and category members follow, parents first, newest first', () => {
    const index = new SearchIndex();
    const parent = product('eins', { itemnum: 'X-777', created: 1 });
    const newerParent = product('zwei', { categories: [9], created: 5 });
    const variant = product('drei', { parentId: parent.id, itemnum: 'X-7770', created: 9 });
    index.put([parent, newerParent, variant]);
    index.setCategories('de', [{ id: 9, name: 'Sieben', slugPath: 'sieben', searchName: ' sieben ' }]);
    const others = index.otherMatches('x-777', [], 'de', () => false, 10);
    expect(others.hits).toEqual([
      { id: parent.id, listed: parent.id },
      { id: variant.id, listed: parent.id },
    ]);
    expect(index.otherMatches('zz', ['sieben'], 'de', () => false, 10).hits.map((h) => h.id)).toEqual([newerParent.id]);
    expect(index.exact('x-777').map((h) => h.id)).toEqual([parent.id]);
    expect(index.exact(`SKU-${variant.id}`).map((h) => h.id)).toEqual([variant.id]);
  });

  test('a GTIN or the manufacturer part number finds its product exactly', () => {
    const index = new SearchIndex();
    const drill = product('bohrmaschine', { codes: ['4006381333931', 'BM-750-X'] });
    index.put([drill, product('schraube')]);
    expect(index.exact('4006381333931').map((h) => h.id)).toEqual([drill.id]);
    expect(index.exact('bm-750-x').map((h) => h.id)).toEqual([drill.id]);
  });
});

describe('SearchIndex renumbering', () => {
  test('answers the same after most products were replaced many times', () => {
    const index = new SearchIndex();
    const catalogue = Array.from({ length: 300 }, (_, i) =>
      product(i % 2 ? `bohrer nr${i}` : `zange nr${i}`, { categories: [i % 3] }),
    );
    index.put(catalogue);
    index.setCategories('de', [{ id: 1, name: 'Eins', slugPath: 'eins', searchName: ' eins ' }]);
    const before = {
      bohr: names(index, ['bohr'], 300),
      eins: index.otherMatches('', ['eins'], 'de', () => false, 300).hits,
    };
    // 3,000 replacements: far more dead slots than living ones, so the index renumbers along the way.
    for (let round = 0; round < 10; round++) index.put(catalogue);
    index.remove(catalogue.slice(0, 10).map((p) => p.id));
    expect(index.size).toBe(290);
    expect(names(index, ['bohr'], 300)).toEqual(before.bohr.filter((id) => id > catalogue[9]!.id));
    expect(index.otherMatches('', ['eins'], 'de', () => false, 300).hits).toEqual(
      before.eins.filter((h) => h.id > catalogue[9]!.id),
    );
    expect(index.exact(catalogue[20]!.itemnum).map((h) => h.id)).toEqual([catalogue[20]!.id]);
  });
});
