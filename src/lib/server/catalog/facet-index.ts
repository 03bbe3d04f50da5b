// Listings and facet counts from memory: every listed product (active, not a variant) with its
// categories, its and its variants' values of the filterable attributes, its creation time and its
// public prices. A listing's scope is an intersection of bitsets (category subtree, search hits, one
// union per filter), its page a walk down a presorted order, its facet counts one pass over the
// scope. On 100,000 products a listing with five filters took 40 s in SQL on the embedded database,
// which then answered on the main thread, so every other request waited for it. listing-sql.ts holds the
// same rules in SQL; the tests hold this index to it. facet-index-store.ts keeps it current.
import type { Filter } from '#lib/catalog/contract.ts';
import { specialOn, utcDay, type CalendarDate } from '#lib/catalog/special-price.ts';
import { Bitset } from './bitset.ts';
import { SlotLists } from './slot-lists.ts';

export interface IndexedListing {
  id: number;
  /** Microseconds since the epoch: the order of "newest first". */
  created: number;
  /** The categories the product is in itself (a listing of a category includes its subtree's). */
  categories: number[];
  /** Variants whose values count for the product. */
  variants: number[];
  /** Values of the indexed attributes, the product's own and its variants'. */
  values: { code: string; value: string }[];
  /** Its price on the public list per currency, in cents; its special price sorts while it runs. */
  prices: Record<string, ListingPrice>;
}

interface ListingPrice {
  regular: number;
  special: number | null;
  /** The special's last day; null: no end. */
  specialUntil: CalendarDate | null;
}

export interface FacetScope {
  categoryId?: number | undefined;
  /** Keyword search hits, best first. */
  productIds?: number[] | undefined;
  filters: Filter[];
}

export type ListingSort = 'newest' | 'price-up' | 'price-down' | 'relevance';

interface Entry {
  listing: IndexedListing;
  /** What put() compares to tell a real change from a stock-only notice. */
  key: string;
}

interface IndexedValue {
  code: string;
  value: string;
  slots: Set<number>;
  /** The slots as a bitset, kept for values common enough to be worth it (see matching()). */
  bits?: Bitset | undefined;
}

const active = (filters: Filter[]): Filter[] => filters.filter((f) => f.values.length > 0);

export class FacetIndex {
  /** The attribute codes whose values are indexed: the shop's filters when it was built. */
  readonly codes: ReadonlySet<string>;
  private readonly slotOf = new Map<number, number>();
  private readonly entries: (Entry | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  private readonly listed = new Bitset();
  private readonly ownerOfVariant = new Map<number, number>();
  private readonly valueIds = new Map<string, Map<string, number>>();
  private readonly values: IndexedValue[] = [];
  /** Per slot, the ids of its product's distinct attribute values. */
  private readonly slotValues = new SlotLists();
  /** Per value id, the number of its code (codeNumbers): what facetCounts tests per value. */
  private valueCodes = new Int32Array(64);
  private readonly codeNumbers = new Map<string, number>();
  private readonly members = new Map<number, Set<number>>();
  private idPaths = new Map<number, string>();
  /** Derived from the above on first use and dropped when what they derive from changes. */
  private readonly subtrees = new Map<number, Bitset>();
  private readonly orders = new Map<string, Int32Array>();
  /** The day the price orders hold: a special that ends moves its product on the next day's first listing. */
  private ordersDay = '';

  constructor(codes: readonly string[]) {
    this.codes = new Set(codes);
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Whether the index can answer for these attribute codes. */
  covers(codes: Iterable<string>): boolean {
    for (const code of codes) if (!this.codes.has(code)) return false;
    return true;
  }

  /** The categories' places in the tree ("1/4/9"): a category lists its subtree's products. */
  setCategories(categories: readonly { id: number; idPath: string }[]): void {
    this.idPaths = new Map(categories.map((c) => [c.id, c.idPath]));
    this.subtrees.clear();
  }

  /**
   * The listed products that ids name, themselves and as one of their variants: both, for a product
   * that became another's variant while its own listing was not yet read again.
   */
  ownersOf(ids: readonly number[]): number[] {
    return ids.flatMap((id) => {
      const owner = this.ownerOfVariant.get(id);
      return [...(this.slotOf.has(id) ? [id] : []), ...(owner === undefined ? [] : [owner])];
    });
  }

  /** Adds products or replaces their indexed version. */
  put(listings: readonly IndexedListing[]): void {
    for (const listing of listings) {
      const key = JSON.stringify(listing);
      const slot = this.slotOf.get(listing.id);
      if (slot !== undefined && this.entries[slot]!.key === key) continue;
      this.remove([listing.id]);
      this.add(listing, key);
    }
  }

  /** Forgets products (deleted, deactivated or become a variant). */
  remove(ids: readonly number[]): void {
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      const { listing } = this.entries[slot]!;
      for (const valueId of this.slotValues.list(slot)) this.dropSlot(valueId, slot);
      this.slotValues.clear(slot);
      for (const category of listing.categories) this.members.get(category)?.delete(slot);
      // A variant that moved may already be mapped to its new parent (put earlier in the same batch).
      for (const variant of listing.variants) {
        if (this.ownerOfVariant.get(variant) === id) this.ownerOfVariant.delete(variant);
      }
      this.entries[slot] = undefined;
      this.listed.delete(slot);
      this.slotOf.delete(id);
      this.freeSlots.push(slot);
      this.changed(listing);
    }
  }

  /** How many products the scope lists and the ids of one page of them. */
  page(scope: FacetScope, sort: ListingSort, currency: string, limit: number, offset: number) {
    const inScope = this.scope(scope);
    const ids: number[] = [];
    const take = (slot: number): boolean => {
      if (!inScope.has(slot)) return true;
      if (offset > 0) offset -= 1;
      else ids.push(this.entries[slot]!.listing.id);
      return ids.length < limit;
    };
    if (sort === 'relevance' && scope.productIds !== undefined) {
      const seen = new Set<number>();
      for (const id of scope.productIds) {
        const slot = this.slotOf.get(id);
        if (slot === undefined || seen.has(slot)) continue;
        seen.add(slot);
        if (!take(slot)) break;
      }
    } else if (limit > 0) {
      for (const slot of this.order(sort, currency)) if (!take(slot)) break;
    }
    return { count: inScope.size, ids };
  }

  /**
   * Per attribute code, each value's number of products in the scope that have it (themselves or
   * through a variant); values no product in the scope has are left out. A code's own selection is
   * left out of its counts, so every value of a facet shows what choosing it as well would add.
   */
  facetCounts(scope: FacetScope, codes: readonly string[]): Map<string, Map<string, number>> {
    const filters = active(scope.filters);
    const base = this.scope({ ...scope, filters: [] });
    // Two filters on one attribute must both match (as in scope()); its counts leave out both.
    const matching = new Map<string, Bitset>();
    for (const filter of filters) {
      const set = this.matching(filter);
      matching.set(filter.name, matching.get(filter.name)?.intersect(set) ?? set);
    }
    const scopeWithout = (code?: string): Bitset => {
      const bits = base.clone();
      for (const [name, set] of matching) if (name !== code) bits.intersect(set);
      return bits;
    };
    // Counted per product in the scope, with the codes wanted as a mask over code numbers: the inner
    // loop runs once per product and value, up to a few hundred thousand times for a top category.
    const counts = new Int32Array(this.values.length);
    const codeOf = this.valueCodes;
    const countIn = (bits: Bitset, counted: readonly string[]) => {
      const mask = new Uint8Array(this.codeNumbers.size);
      for (const code of counted) {
        const number = this.codeNumbers.get(code);
        if (number !== undefined) mask[number] = 1;
      }
      const { arena, start, length } = this.slotValues;
      bits.forEach((slot) => {
        for (let i = start[slot]!, end = i + length[slot]!; i < end; i++) {
          const valueId = arena[i]!;
          if (mask[codeOf[valueId]!] === 1) counts[valueId]! += 1;
        }
      });
    };
    const selected = new Set(matching.keys());
    countIn(
      scopeWithout(),
      codes.filter((code) => !selected.has(code)),
    );
    for (const code of selected) if (codes.includes(code)) countIn(scopeWithout(code), [code]);

    const result = new Map<string, Map<string, number>>(codes.map((code) => [code, new Map()]));
    counts.forEach((count, valueId) => {
      if (count === 0) return;
      const { code, value } = this.values[valueId]!;
      result.get(code)?.set(value, count);
    });
    return result;
  }

  /** The listed products in the scope. */
  private scope(scope: FacetScope): Bitset {
    const bits = this.listed.clone();
    if (scope.categoryId !== undefined) bits.intersect(this.subtree(scope.categoryId));
    if (scope.productIds !== undefined) {
      const hits = scope.productIds.map((id) => this.slotOf.get(id)).filter((slot) => slot !== undefined);
      bits.intersect(Bitset.of(hits, this.entries.length));
    }
    for (const filter of active(scope.filters)) bits.intersect(this.matching(filter));
    return bits;
  }

  /** Products with one of the filter's values. */
  private matching(filter: Filter): Bitset {
    const bits = new Bitset(this.entries.length);
    const ids = this.valueIds.get(filter.name);
    for (const value of filter.values) {
      const valueId = ids?.get(value);
      if (valueId === undefined) continue;
      const indexed = this.values[valueId]!;
      // A value of one product in 64 or more is kept as a bitset (one union instead of thousands of
      // adds); at most 64 such values per value a product has, so this memory stays bounded.
      if (indexed.slots.size * 64 >= this.entries.length) {
        indexed.bits ??= Bitset.of(indexed.slots, this.entries.length);
        bits.union(indexed.bits);
      } else for (const slot of indexed.slots) bits.add(slot);
    }
    return bits;
  }

  /** Products in the category or any category below it. */
  private subtree(categoryId: number): Bitset {
    let bits = this.subtrees.get(categoryId);
    if (bits) return bits;
    bits = new Bitset(this.entries.length);
    const root = this.idPaths.get(categoryId);
    if (root !== undefined) {
      for (const [id, path] of this.idPaths) {
        if (path !== root && !path.startsWith(`${root}/`)) continue;
        for (const slot of this.members.get(id) ?? []) bits.add(slot);
      }
    }
    this.subtrees.set(categoryId, bits);
    return bits;
  }

  /** Every listed product's slot in a sort order; ties broken by id like the SQL reference. */
  private order(sort: ListingSort, currency: string): Int32Array {
    const key = sort === 'price-up' || sort === 'price-down' ? `${sort}:${currency}` : 'newest';
    const today = utcDay();
    if (today !== this.ordersDay) {
      this.orders.clear();
      this.ordersDay = today;
    }
    let order = this.orders.get(key);
    if (order) return order;
    const slots = Int32Array.from(this.listed);
    // Keys read once into flat arrays: a comparator reading them from the listings took 170 ms for
    // 77,000 products; with them the whole order takes about 50 ms, once per change.
    const ids = new Float64Array(this.entries.length);
    const keys = new Float64Array(this.entries.length);
    for (const slot of slots) {
      const listing = this.entries[slot]!.listing;
      ids[slot] = listing.id;
      // Without a price in the currency: last, in id order (nulls last in both directions).
      const listed = listing.prices[currency];
      const price = listed && (specialOn(listed.special, listed.specialUntil, today) ?? listed.regular);
      keys[slot] =
        key === 'newest' ? -listing.created : price === undefined ? Infinity : sort === 'price-up' ? price : -price;
    }
    // Newest first breaks ties by id descending, prices by id ascending, as the SQL reference does.
    const tie = key === 'newest' ? -1 : 1;
    slots.sort((a, b) => keys[a]! - keys[b]! || (ids[a]! - ids[b]!) * tie);
    order = slots;
    this.orders.set(key, order);
    return order;
  }

  private add(listing: IndexedListing, key: string): void {
    const slot = this.freeSlots.pop() ?? this.entries.length;
    const valueIds = [...new Set(listing.values.map((v) => this.valueId(v.code, v.value)))];
    this.slotValues.set(slot, valueIds);
    this.entries[slot] = { listing, key };
    this.slotOf.set(listing.id, slot);
    this.listed.add(slot);
    for (const valueId of valueIds) {
      const indexed = this.values[valueId]!;
      indexed.slots.add(slot);
      indexed.bits?.add(slot);
    }
    for (const category of listing.categories) {
      let members = this.members.get(category);
      if (!members) this.members.set(category, (members = new Set()));
      members.add(slot);
    }
    for (const variant of listing.variants) this.ownerOfVariant.set(variant, listing.id);
    this.changed(listing);
  }

  private dropSlot(valueId: number, slot: number): void {
    const indexed = this.values[valueId]!;
    indexed.slots.delete(slot);
    indexed.bits?.delete(slot);
  }

  private valueId(code: string, value: string): number {
    let ids = this.valueIds.get(code);
    if (!ids) this.valueIds.set(code, (ids = new Map()));
    let id = ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push({ code, value, slots: new Set() });
      if (!this.codeNumbers.has(code)) this.codeNumbers.set(code, this.codeNumbers.size);
      if (id >= this.valueCodes.length) {
        const grown = new Int32Array(this.valueCodes.length * 2);
        grown.set(this.valueCodes);
        this.valueCodes = grown;
      }
      this.valueCodes[id] = this.codeNumbers.get(code)!;
      ids.set(value, id);
    }
    return id;
  }

  /** A product came or went: the derived subtrees and orders no longer hold. */
  private changed(listing: IndexedListing): void {
    if (listing.categories.length > 0) this.subtrees.clear();
    this.orders.clear();
  }
}
