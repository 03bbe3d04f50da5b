// The contains-search reads its ranking in parts (see search.ts): this suite checks it against the
// plain definition, one query that sorts every hit, on a catalogue big
// enough that frequent terms pass SEARCH_MAX_HITS and take the walking path, rare ones the sorting
// path, and walks that run out of budget fall back. Pages, count and `capped` must all agree.
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locale } from '#lib/i18n/locales.ts';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const db = await import('#lib/server/db/index.ts');
const raw = await import('../helpers/raw-rows.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const search = await import('#lib/server/catalog/search.ts');
const { publish } = await import('#lib/server/publish/events.ts');
const { foldTerm, termWords } = await import('#lib/search/fold.ts');
const { singularForms } = await import('#lib/search/ranking.ts');
const { SEARCH_MAX_HITS } = search;

/** Per word: whole word 4, end of a word 3, start of a word 2, anywhere 1 (see search.ts). */
function nameScore(words: string[]) {
  return sql.join(words.map(wordScore), sql` + `);
}

function wordScore(w: string) {
  return sql`(case when s.search_name like ${`% ${w} %`} then 4
    when s.search_name like ${`%${w} %`} then 3 when s.search_name like ${`% ${w}%`} then 2
    when s.search_name like ${`%${w}%`} then 1 else 0 end)`;
}

/**
 * Per word of a product listed under a category the term names: its singular as a whole word 4, as a
 * word's end 3 (#lib/search/ranking.ts), else 0; always 0 for any other product.
 */
function singularScore(w: string, locale: Locale, listed: SQL) {
  const singulars = singularForms(w, locale);
  if (singulars.length === 0) return sql`0`;
  const like = (pattern: (singular: string) => string) =>
    sql.join(
      singulars.map((singular) => sql`s.search_name like ${pattern(singular)}`),
      sql` or `,
    );
  return sql`(case when not (${listed}) then 0 when ${like((x) => `% ${x} %`)} then 4
    when ${like((x) => `%${x} %`)} then 3 else 0 end)`;
}

/**
 * The rule as one query: name matches (every word in the name, or, listed under a category whose
 * name holds every word, a word's singular) by relevance (so listed, score, shorter name, newer
 * id), then item number and category matches, parents before variants, newest first; all hits.
 */
async function reference(term: string, locale: Locale): Promise<number[]> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Folded words hold only letters, digits and spaces: no LIKE wildcards.
  const words = termWords(foldTerm(term));
  const every = (each: (w: string) => SQL) => (words.length === 0 ? sql`false` : sql.join(words.map(each), sql` and `));
  const listedUnderTerm = sql`p.id in (select pc.product_id from product_categories pc
        join category_translations ct on ct.category_id = pc.category_id and ct.locale = ${locale}
        where ${every((w) => sql`ct.search_name like ${`%${w}%`}`)})`;
  const fit = (w: string) => sql`greatest(${wordScore(w)}, ${singularScore(w, locale, listedUnderTerm)})`;
  const named = every((w) => sql`${fit(w)} > 0`);
  const rows = await raw.rows<{ id: number }>(
    await db.getDb(),
    sql`
    select p.id from products p
    join product_search s on s.product_id = p.id and s.locale = ${locale}
    where p.is_active and (p.itemnum ilike ${pattern} or ${named} or ${listedUnderTerm})
    order by (${named} and ${listedUnderTerm}) desc,
      (case when ${named} then ${words.length === 0 ? sql`0` : sql.join(words.map(fit), sql` + `)} else 0 end) desc,
      (case when ${named} then length(s.search_name) else 0 end), (case when ${named} then -p.id else 0 end),
      p.parent_id nulls first, p.created_at desc, p.id desc`,
  );
  return rows.map((r) => Number(r.id));
}

/** What a listing shows for ranked hits: each hit's parent, or the hit itself; no repeats, in order. */
async function parentOrSelfIds(ids: number[]): Promise<number[]> {
  const found = await raw.rows<{ id: number; parent_id: number | null }>(
    await db.getDb(),
    sql`select id, parent_id from products where id in ${ids}`,
  );
  const parentOf = new Map(found.map((r) => [Number(r.id), r.parent_id === null ? Number(r.id) : Number(r.parent_id)]));
  return [...new Set(ids.map((id) => parentOf.get(id) ?? id))];
}

async function expectSameAsReference(term: string, locale: Locale, offset: number, limit: number): Promise<void> {
  const all = await reference(term, locale);
  const got = await search.searchProducts(term, locale, offset, limit);
  const label = `${locale} "${term}" ${offset}+${limit} (${all.length} hits)`;
  if (got.exact) return; // exact matches are covered by search.test.ts
  // Nothing in the plain ranking: the search may answer from a typo correction or another language,
  // which search-relevance.test.ts covers; the plain ranking has nothing to compare with.
  if (all.length === 0 && (got.suggestion !== undefined || got.foundIn !== undefined)) return;
  const ids = all.slice(offset, Math.max(offset, Math.min(offset + limit, SEARCH_MAX_HITS)));
  expect(got, label).toEqual({
    ids,
    count: Math.min(all.length, SEARCH_MAX_HITS),
    capped: all.length > SEARCH_MAX_HITS,
    exact: false,
    listed: ids.length === 0 ? [] : await parentOrSelfIds(ids),
  });
}

let words: { locale: Locale; text: string }[] = [];

beforeAll(async () => {
  const database = await db.database();
  await database.migrate();
  await seedDemoData(database.db, { products: 1500 });
  // Some inactive products (parents and variants) must never show, nor count.
  await raw.rows(await db.getDb(), sql`update products set is_active = false where id % 37 = 0`);
  await publish(database, { all: true }, { source: 'import' });
  const names = await raw.rows<{ locale: Locale; text: string }>(
    await db.getDb(),
    sql`
    select locale, name as text from product_translations where product_id % 13 = 0
    union all select locale, name from category_translations
    union all select 'de', itemnum from products where id % 17 = 0`,
  );
  words = names;
}, 300_000);

afterAll(async () => {
  await db.closeDatabase();
});

describe('searchProducts: contains matches', () => {
  test('frequent terms fill the window, are capped and rank like sorting every hit', async () => {
    for (const term of ['e', 'er', 'mm', 'a']) {
      expect((await reference(term, 'de')).length, term).toBeGreaterThan(SEARCH_MAX_HITS);
      for (const [offset, limit] of [
        [0, 12],
        [12, 12],
        [228, 12],
        [0, SEARCH_MAX_HITS],
        [230, 24],
        [240, 12],
      ] as const) {
        await expectSameAsReference(term, 'de', offset, limit);
      }
    }
  });

  test('terms of every frequency, in every locale, page like the plain ranking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 2, max: 8 }),
        fc.constantFrom(0, 12, 24, 120, 228, 236),
        fc.constantFrom(12, 24, SEARCH_MAX_HITS),
        async (pick, start, length, offset, limit) => {
          const word = words[pick % words.length]!;
          const term = word.text.slice(start, start + length).trim();
          if (term === '') return;
          await expectSameAsReference(term, word.locale, offset, limit);
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);

  test('plurals that name a category rank like the plain ranking', async () => {
    for (const [term, locale] of [
      ['Schrauben', 'de'],
      ['holzschrauben', 'de'],
      ['Bohrer', 'de'],
      ['screws', 'en'],
      ['gloves', 'en'],
      ['compressors', 'en'],
    ] as const) {
      await expectSameAsReference(term, locale, 0, 24);
    }
  });

  test('a term found mostly through category names ranks the category members after the few name matches', async () => {
    // Tag the biggest categories (most of the catalogue) and one product name with a made-up word.
    // Published as an import would: the search index reloads exactly these rows.
    const categories = await raw.rows<{ id: number }>(
      await db.getDb(),
      sql`update category_translations set name = name || ' Qzwerk'
      where locale = 'de' and category_id in (
        select category_id from product_categories group by category_id order by count(*) desc limit 12) returning category_id as id`,
    );
    const products = await raw.rows<{ id: number }>(
      await db.getDb(),
      sql`update product_translations set name = name || ' Qzwerk'
      where locale = 'de' and product_id in (select id from products where is_active order by id limit 3) returning product_id as id`,
    );
    await publish(
      await db.database(),
      { categories: categories.map((r) => r.id), products: products.map((r) => r.id) },
      { source: 'import' },
    );
    const all = await reference('qzwerk', 'de');
    expect(all.length).toBeGreaterThan(SEARCH_MAX_HITS);
    for (const [offset, limit] of [
      [0, 12],
      [0, SEARCH_MAX_HITS],
      [228, 24],
    ] as const) {
      await expectSameAsReference('qzwerk', 'de', offset, limit);
    }
  });

  test('name matches come first, those a category named by the term lists first, best score and shortest name first; then parents before variants, newest first', async () => {
    const { ids } = await search.searchProducts('er', 'de', 0, SEARCH_MAX_HITS);
    const rows = await raw.rows<{
      id: number;
      listed: boolean;
      score: number;
      len: number;
      variant: boolean;
      created: string;
    }>(
      await db.getDb(),
      sql`
      select p.id, case when s.search_name like '%er%' then ${nameScore(['er'])} else 0 end as score, length(s.search_name) as len,
        exists (select 1 from product_categories pc join category_translations ct on ct.category_id = pc.category_id
          and ct.locale = 'de' where pc.product_id = p.id and ct.search_name like '%er%') as listed,
        p.parent_id is not null as variant, p.created_at::text as created
      from products p join product_search s on s.product_id = p.id and s.locale = 'de'
      where p.id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const keys = ids.map((id) => byId.get(id)!);
    expect(keys.every((k) => k !== undefined)).toBe(true);
    // Only a name match (score above 0) counts as listed under the term: the others rank by age alone.
    const tier = (k: (typeof keys)[number]) => (Number(k.score) > 0 ? (k.listed ? 2 : 1) : 0);
    for (let i = 1; i < keys.length; i++) {
      const [a, b] = [keys[i - 1]!, keys[i]!];
      if (tier(a) !== tier(b)) {
        expect(tier(a), `position ${i}`).toBeGreaterThan(tier(b));
        continue;
      }
      if (a.score !== b.score) {
        expect(Number(a.score), `position ${i}`).toBeGreaterThan(Number(b.score));
        continue;
      }
      if (Number(a.score) > 0) {
        expect(Number(a.len), `position ${i}`).toBeLessThanOrEqual(Number(b.len));
        continue;
      }
      if (a.variant !== b.variant) {
        expect(a.variant, `position ${i}`).toBe(false);
        continue;
      }
      if (!a.variant) expect(a.created >= b.created, `position ${i}`).toBe(true);
    }
  });

  test('inactive products are neither listed nor counted', async () => {
    const inactive = new Set(
      (await raw.rows<{ id: number }>(await db.getDb(), sql`select id from products where not is_active`)).map((r) =>
        Number(r.id),
      ),
    );
    expect(inactive.size).toBeGreaterThan(0);
    for (const term of ['er', 'mm', 'bohr', '100']) {
      const { ids } = await search.searchProducts(term, 'de', 0, SEARCH_MAX_HITS);
      expect(
        ids.filter((id) => inactive.has(id)),
        term,
      ).toEqual([]);
    }
  });
});
