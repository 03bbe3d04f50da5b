// The keyword search's index, held in memory by each instance. On 100,000 products the database
// needed 40-60 ms for a frequent word (it sorted thousands of LIKE matches) and twice that for a
// typo; from memory a search costs a few milliseconds at any term. Kept current by publish events
// (search-index-store.ts), as the cached pages are.
//
// Every version of an active product gets a slot: its id, family and age (the ranking's "parents
// first, newest first"), its item number, and per locale the words of its folded name, each word
// pointing at the slots whose names hold it. A changed product gets a new slot and its old one is
// marked dead (readers skip dead slots); when the dead outnumber the living, the slots are renumbered.
import { LOCALES, type Locale } from '#lib/i18n/locales.ts';
import { foldTerm, termWords } from '#lib/search/fold.ts';
import { nameRelevance, singularForms, singularScore, wordScore } from '#lib/search/ranking.ts';
import { topK } from '#lib/search/top-k.ts';
import { Vocabulary } from '#lib/search/typo.ts';

export interface IndexedProduct {
  id: number;
  parentId: number | null;
  itemnum: string;
  sku: string;
  /** Other numbers that find it exactly: its GTIN and the manufacturer's part number. */
  codes: string[];
  originalId: number | null;
  /** created_at in microseconds since the epoch, as the database orders it. */
  created: number;
  /** The categories that list it directly. */
  categories: number[];
  /** Its folded name per locale (' word word ', #lib/search/fold.ts). */
  names: Partial<Record<Locale, string>>;
}

export interface IndexedCategory {
  id: number;
  name: string;
  slugPath: string;
  searchName: string;
}

/** A ranked product and what a listing shows for it (its parent, or itself). */
export interface Hit {
  id: number;
  listed: number;
}

interface LocaleTable {
  /** word -> slots whose name holds it (dead slots included until the next renumbering). */
  words: Map<string, number[]>;
  /** Per slot, the length of its folded name (0: no name in this locale). */
  nameLength: number[];
  categories: IndexedCategory[];
  categoryById: Map<number, IndexedCategory>;
  vocabulary: Vocabulary;
}

const pushTo = <K>(map: Map<K, number[]>, key: K, slot: number) => {
  const list = map.get(key);
  if (list) list.push(slot);
  else map.set(key, [slot]);
};

export class SearchIndex {
  private ids: number[] = [];
  private family: number[] = [];
  private created: number[] = [];
  private itemnums: string[] = [];
  private alive: boolean[] = [];
  private dead = 0;
  private readonly slotOf = new Map<number, number>();
  /** Lower-case item number or SKU -> slots. */
  private codes = new Map<string, number[]>();
  private originals = new Map<number, number[]>();
  /** Category id -> slots it lists directly. */
  private members = new Map<number, number[]>();
  private readonly tables = Object.fromEntries(
    LOCALES.map((l): [Locale, LocaleTable] => [
      l,
      {
        words: new Map(),
        nameLength: [],
        categories: [],
        categoryById: new Map(),
        vocabulary: new Vocabulary(),
      },
    ]),
  ) as Record<Locale, LocaleTable>;

  /** Living products. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Adds products, or replaces the indexed version of each. */
  put(products: readonly IndexedProduct[]): void {
    this.remove(products.map((p) => p.id));
    for (const p of products) {
      const slot = this.ids.length;
      this.ids.push(p.id);
      this.family.push(p.parentId ?? 0);
      this.created.push(p.created);
      this.itemnums.push(p.itemnum.toLowerCase());
      this.alive.push(true);
      this.slotOf.set(p.id, slot);
      for (const code of new Set([p.itemnum, p.sku, ...p.codes].map((c) => c.toLowerCase())))
        pushTo(this.codes, code, slot);
      if (p.originalId !== null) pushTo(this.originals, p.originalId, slot);
      for (const category of p.categories) pushTo(this.members, category, slot);
      for (const locale of LOCALES) {
        const table = this.tables[locale];
        const name = p.names[locale];
        table.nameLength.push(name?.length ?? 0);
        if (!name) continue;
        for (const word of new Set(name.trim().split(' '))) {
          if (word === '') continue;
          pushTo(table.words, word, slot);
          table.vocabulary.add(word);
        }
      }
    }
  }

  /** Forgets products (deleted or no longer active); unknown ids are ignored. */
  remove(ids: readonly number[]): void {
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      this.alive[slot] = false;
      this.slotOf.delete(id);
      this.dead++;
    }
    if (this.dead > 1_000 && this.dead > this.slotOf.size) this.renumber();
  }

  /** Replaces one locale's categories (names searched, their members listed after name matches). */
  setCategories(locale: Locale, categories: readonly IndexedCategory[]): void {
    const table = this.tables[locale];
    table.categories = [...categories];
    table.categoryById = new Map(categories.map((c) => [c.id, c]));
    for (const c of categories) for (const word of c.searchName.trim().split(' ')) table.vocabulary.add(word);
  }

  /** An item number, SKU, GTIN or manufacturer part number equal to the term (any case), or an all-digit term equal to an originalId. */
  exact(term: string): Hit[] {
    const slots = new Set(this.codes.get(term.toLowerCase()) ?? []);
    if (/^\d{1,9}$/.test(term)) for (const slot of this.originals.get(Number(term)) ?? []) slots.add(slot);
    return this.hits(
      topK(
        [...slots].filter((s) => this.alive[s]),
        slots.size,
        this.byAge,
      ),
    );
  }

  /**
   * The first `wanted` ranked contains-matches of a term in `locale` (name matches, then the
   * others), how many there are, how many of them are name matches, and how many of those hold
   * every word as typed (the others hold a word's singular).
   */
  containsMatches(
    term: string,
    locale: Locale,
    wanted: number,
  ): { ranked: Hit[]; total: number; named: number; namedAsTyped: number } {
    const words = termWords(foldTerm(term));
    const listedUnderTerm = this.listedUnderTerm(words, locale);
    const named = this.nameMatches(words, locale, wanted, listedUnderTerm);
    const others = this.otherMatches(term, words, locale, named.isMatch, wanted - named.hits.length, listedUnderTerm);
    return {
      ranked: [...named.hits, ...others.hits],
      total: named.total + others.total,
      named: named.total,
      namedAsTyped: named.asTyped,
    };
  }

  /**
   * Per slot, 1 when a category of `locale` whose name holds every word lists it: the term names
   * what such a product is (#lib/search/ranking.ts). One search computes it once for both parts.
   */
  listedUnderTerm(words: readonly string[], locale: Locale): Uint8Array {
    const listed = new Uint8Array(this.ids.length);
    for (const category of this.categoriesHolding(words, locale)) {
      for (const slot of this.members.get(category.id) ?? []) listed[slot] = 1;
    }
    return listed;
  }

  /**
   * Products whose name in `locale` holds every word (folded), or, for one listed under a category
   * the term names, the word's singular (#lib/search/ranking.ts): the best `k` by relevance (listed
   * under a category the term names, then summed word scores; then the shorter name, then the
   * newer id), how many match, and which.
   */
  nameMatches(
    words: readonly string[],
    locale: Locale,
    k: number,
    listedUnderTerm: Uint8Array = this.listedUnderTerm(words, locale),
  ): { hits: Hit[]; total: number; asTyped: number; isMatch: (slot: number) => boolean } {
    const table = this.tables[locale];
    let score: Uint8Array | null = null;
    let matches: number[] = [];
    /** Slots that hold some word only as its singular. */
    const bySingular = new Set<number>();
    for (const word of words) {
      const best = new Uint8Array(this.ids.length);
      const touched: number[] = [];
      const singulars = singularForms(word, locale);
      const asTyped = new Set<number>();
      for (const [nameWord, slots] of table.words) {
        const s = wordScore(nameWord, word);
        const singular = singularScore(nameWord, singulars);
        if (s === 0 && singular === 0) continue;
        for (const slot of slots) {
          const fit = listedUnderTerm[slot] === 1 ? Math.max(s, singular) : s;
          if (fit === 0) continue;
          if (s > 0) asTyped.add(slot);
          if (best[slot] === 0) touched.push(slot);
          if (fit > best[slot]!) best[slot] = fit;
        }
      }
      for (const slot of touched) if (!asTyped.has(slot)) bySingular.add(slot);
      if (score === null) {
        score = best;
        matches = touched.filter((slot) => this.alive[slot]);
      } else {
        const summed: Uint8Array = score;
        matches = matches.filter((slot) => best[slot]! > 0);
        for (const slot of matches) summed[slot]! += best[slot]!;
      }
      if (matches.length === 0) break;
    }
    const relevance = score ?? new Uint8Array(0);
    for (const slot of matches) relevance[slot] = nameRelevance(relevance[slot]!, listedUnderTerm[slot] === 1);
    const { nameLength } = table;
    const top = topK(
      matches,
      k,
      (a, b) => relevance[b]! - relevance[a]! || nameLength[a]! - nameLength[b]! || this.ids[b]! - this.ids[a]!,
    );
    const matched = new Set(matches);
    return {
      hits: this.hits(top),
      total: matches.length,
      asTyped: matches.filter((slot) => !bySingular.has(slot)).length,
      isMatch: (slot) => matched.has(slot),
    };
  }

  /**
   * Products that are no name match but whose item number holds the term (any case) or that a
   * category holding every word lists: the first `k` by age (parents first, newest first), and how many.
   */
  otherMatches(
    term: string,
    words: readonly string[],
    locale: Locale,
    isNameMatch: (slot: number) => boolean,
    k: number,
    listedUnderTerm: Uint8Array = this.listedUnderTerm(words, locale),
  ): { hits: Hit[]; total: number } {
    const fragment = term.toLowerCase();
    const found: number[] = [];
    for (let slot = 0; slot < this.ids.length; slot++) {
      if (
        this.alive[slot] &&
        (listedUnderTerm[slot] === 1 || this.itemnums[slot]!.includes(fragment)) &&
        !isNameMatch(slot)
      )
        found.push(slot);
    }
    return { hits: this.hits(topK(found, k, this.byAge)), total: found.length };
  }

  /** Categories of `locale` whose name holds every word (none for no words). */
  categoriesHolding(words: readonly string[], locale: Locale): IndexedCategory[] {
    if (words.length === 0) return [];
    return this.tables[locale].categories.filter((c) => words.every((w) => c.searchName.includes(w)));
  }

  /** One category as `locale` names it; undefined when that locale has no such category. */
  category(id: number, locale: Locale): IndexedCategory | undefined {
    return this.tables[locale].categoryById.get(id);
  }

  vocabulary(locale: Locale): Vocabulary {
    return this.tables[locale].vocabulary;
  }

  /** The ranking after relevance: parents first (family 0), then by parent; newest first; higher id first. */
  private readonly byAge = (a: number, b: number) =>
    this.family[a]! - this.family[b]! || this.created[b]! - this.created[a]! || this.ids[b]! - this.ids[a]!;

  private hits(slots: readonly number[]): Hit[] {
    return slots.map((slot) => ({ id: this.ids[slot]!, listed: this.family[slot]! || this.ids[slot]! }));
  }

  /** Drops dead slots: every list is rewritten with the living slots' new numbers. */
  private renumber(): void {
    const next = new Int32Array(this.ids.length).fill(-1);
    let count = 0;
    for (let slot = 0; slot < this.ids.length; slot++) if (this.alive[slot]) next[slot] = count++;
    const keep = <T>(list: T[]) => list.filter((_, slot) => this.alive[slot]);
    const remap = (list: number[]) => list.filter((slot) => next[slot]! >= 0).map((slot) => next[slot]!);
    const remapAll = <K>(map: Map<K, number[]>) => {
      const out = new Map<K, number[]>();
      for (const [key, list] of map) {
        const slots = remap(list);
        if (slots.length > 0) out.set(key, slots);
      }
      return out;
    };
    for (const table of Object.values(this.tables)) {
      table.words = remapAll(table.words);
      table.nameLength = keep(table.nameLength);
    }
    this.codes = remapAll(this.codes);
    this.originals = remapAll(this.originals);
    this.members = remapAll(this.members);
    [this.ids, this.family, this.created, this.itemnums] = [
      keep(this.ids),
      keep(this.family),
      keep(this.created),
      keep(this.itemnums),
    ];
    for (const [id, slot] of this.slotOf) this.slotOf.set(id, next[slot]!);
    this.alive = this.ids.map(() => true);
    this.dead = 0;
  }
}
