// My Items: a customer's own price list, the products it prices in the customer's currency, a page of
// 12 at a time, filtered by text and top-level category and sorted by name, item number or price.
// What the list holds (names folded for the filter, item numbers, list prices, categories, and the
// three sort orders) is read once per publish and kept for the most recently used lists, so a page
// is a scan of typed arrays and one query for its 12 products. What the customer pays for each and its
// stock come from the price index, by the same best-price rule as every price call (a list price
// above the public one is never charged); sorting by price uses the list's own price.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { PriceListEntry } from '#lib/catalog/contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { utcDay } from '#lib/catalog/special-price.ts';
import type { MyItemsCategory, MyItemsState } from '#lib/account/my-items.ts';
import { foldTerm, termWords } from '#lib/search/fold.ts';
import { getDb, rows, specialCentsNow } from '../db/index.ts';
import { productTranslations, products } from '../db/schema.ts';
import { publishedMemo } from '../publish/index.ts';
import { versionedImage } from '../images/index.ts';
import type { PriceContext } from '#lib/catalog/price.ts';
import { priceList } from './prices.ts';

const CategoryNameRow = z.object({ id: z.number(), name: z.string() });

export interface MyItem {
  id: number;
  sku: string;
  itemnum: string;
  name: string;
  slug: string;
  image: string | null;
  /** A variant parent or a price on request: the cart takes neither, the product page says what to do. */
  addable: boolean;
  /** The customer's price and the stock, as the price call answers them (null: no longer priced). */
  offer: PriceListEntry | null;
}

export interface MyItemsPage {
  items: MyItem[];
  /** Items that match the filters. */
  count: number;
  /** Items on the list. */
  total: number;
  /** The top-level categories the list has items in, by name, for the category filter. */
  categories: MyItemsCategory[];
}

/** A list's products, position i in name order throughout. */
interface ListIndex {
  ids: Int32Array;
  /** Name, item number and sku, folded as search terms are, for the text filter. */
  haystacks: string[];
  /** Top-level category id (0: none). */
  tops: Int32Array;
  /** Positions in item-number order and in list-price order. */
  byItemnum: Int32Array;
  byPrice: Int32Array;
  categories: MyItemsCategory[];
}

/** 20,000 entries take about 2 MB; a shop may give every customer a list of their own, so few are kept. */
const LISTS_KEPT = 16;
const listIndexes = publishedMemo<ListIndex>({ maxEntries: LISTS_KEPT, staleWhileReloading: true });

const ListRow = z.object({
  id: z.number(),
  sku: z.string(),
  itemnum: z.string(),
  name: z.string(),
  cents: z.number(),
  top: z.number().nullable(),
});
type ListRow = z.infer<typeof ListRow>;

const collator = new Intl.Collator('en', { numeric: true });

function buildIndex(list: ListRow[], categoryNames: Map<number, string>): ListIndex {
  const positions = () => Int32Array.from(list.keys());
  const counts = new Map<number, number>();
  for (const row of list) if (row.top !== null) counts.set(row.top, (counts.get(row.top) ?? 0) + 1);
  return {
    ids: Int32Array.from(list, (row) => row.id),
    haystacks: list.map((row) => ` ${foldTerm(`${row.name} ${row.itemnum} ${row.sku}`)} `),
    tops: Int32Array.from(list, (row) => row.top ?? 0),
    byItemnum: positions().sort((a, b) => collator.compare(list[a]!.itemnum, list[b]!.itemnum) || a - b),
    byPrice: positions().sort((a, b) => list[a]!.cents - list[b]!.cents || a - b),
    categories: [...counts]
      .map(([id, count]) => ({ id, name: categoryNames.get(id) ?? String(id), count }))
      .sort((a, b) => collator.compare(a.name, b.name)),
  };
}

/** Rows read per query while a list is (re)read: a request waiting behind one (PGlite runs one query at a time) waits about 10 ms. */
const CHUNK = 500;

/** Code-unit order, as the database sorts text: the same list order on PGlite and PostgreSQL. */
const byName = (a: ListRow, b: ListRow) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

/**
 * The active products of a list in a currency, by name in the locale, with what filtering and sorting
 * need. Read in chunks by product id, each with its products' top-level category (the primary
 * category's root, else the lowest-numbered category's): a single query for 20,000 entries holds the
 * embedded database for about 250 ms, and a background reload must not stall the requests meanwhile.
 */
async function listIndex(priceListId: number, currency: string, locale: Locale): Promise<ListIndex> {
  // Read again each UTC day: the price order holds the special prices running that day.
  return listIndexes(`${priceListId}:${currency}:${locale}:${utcDay()}`, async () => {
    const db = await getDb();
    const list: ListRow[] = [];
    for (let after = 0; ;) {
      const chunk = await rows(
        db,
        ListRow,
        sql`
        SELECT p.id, p.sku, p.itemnum, pt.name, COALESCE(${specialCentsNow('pr')}, pr.regular_cents) AS cents,
          (SELECT split_part(c.id_path, '/', 1)::int FROM product_categories pc JOIN categories c ON c.id = pc.category_id
            WHERE pc.product_id = p.id ORDER BY pc.is_primary DESC, c.id LIMIT 1) AS top
        FROM prices pr
        JOIN products p ON p.id = pr.product_id AND p.is_active
        JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ${locale}
        WHERE pr.price_list_id = ${priceListId} AND pr.currency = ${currency} AND pr.product_id > ${after}
        ORDER BY pr.product_id LIMIT ${CHUNK}`,
      );
      list.push(...chunk);
      if (chunk.length < CHUNK) break;
      after = chunk.at(-1)!.id;
    }
    list.sort(byName);
    return buildIndex(list, await categoryNames(db, list, locale));
  });
}

/** The names of the top-level categories the list has items in, in the locale. */
async function categoryNames(
  db: Awaited<ReturnType<typeof getDb>>,
  list: ListRow[],
  locale: Locale,
): Promise<Map<number, string>> {
  const tops = [...new Set(list.flatMap((row) => (row.top === null ? [] : [row.top])))];
  if (tops.length === 0) return new Map();
  const names = await rows(
    db,
    CategoryNameRow,
    sql`
    SELECT category_id AS id, name FROM category_translations WHERE locale = ${locale} AND category_id = any(${`{${tops.join(',')}}`}::int[])`,
  );
  return new Map(names.map((row) => [row.id, row.name]));
}

/** Positions of the list's items that pass the filters, in the state's sort order. */
function matching(index: ListIndex, state: Pick<MyItemsState, 'q' | 'category' | 'sort'>): Int32Array {
  const [key, direction] = state.sort.split('-') as ['name' | 'itemnum' | 'price', 'desc' | undefined];
  let order = key === 'itemnum' ? index.byItemnum : key === 'price' ? index.byPrice : null;
  const words = termWords(foldTerm(state.q));
  const keep = (at: number) =>
    (state.category === null || index.tops[at] === state.category) &&
    words.every((word) => index.haystacks[at]!.includes(word));
  const unfiltered = words.length === 0 && state.category === null;
  if (!order) order = Int32Array.from(index.ids.keys());
  if (!unfiltered) order = order.filter(keep);
  return direction === 'desc' ? order.slice().reverse() : order;
}

/** A page of the customer's price list as the state asks; empty for a customer without a list of their own. */
export async function myItems(
  customer: { priceListId: number | null; currency: string },
  locale: Locale,
  page: { limit: number; offset: number },
  state: Pick<MyItemsState, 'q' | 'category' | 'sort'> = { q: '', category: null, sort: 'name' },
): Promise<MyItemsPage> {
  if (customer.priceListId === null) return { items: [], count: 0, total: 0, categories: [] };
  const index = await listIndex(customer.priceListId, customer.currency, locale);
  const order = matching(index, state);
  const ids = [...order.subarray(page.offset, page.offset + page.limit)].map((at) => index.ids[at]!);
  const base = { count: order.length, total: index.ids.length, categories: index.categories };
  if (ids.length === 0) return { ...base, items: [] };
  const db = await getDb();
  const found = await db
    .select({
      id: products.id,
      sku: products.sku,
      itemnum: products.itemnum,
      image: products.coverImage,
      name: productTranslations.name,
      slug: productTranslations.slug,
      addable: sql<boolean>`NOT ${products.hidePrices} AND NOT EXISTS (SELECT 1 FROM products v WHERE v.parent_id = ${products.id} AND v.is_active)`,
    })
    .from(products)
    .innerJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)),
    )
    .where(and(inArray(products.id, ids), eq(products.isActive, true)));
  const byId = new Map(found.map((row) => [row.id, row]));
  const pageRows = ids.flatMap((id) => byId.get(id) ?? []);
  const ctx: PriceContext = { currency: customer.currency, priceListId: customer.priceListId, pricesVisible: true };
  const offers = new Map(
    (
      await priceList(
        pageRows.map((r) => r.sku),
        ctx,
      )
    ).map((entry) => [entry.sku, entry]),
  );
  return {
    ...base,
    items: pageRows.map((row) => ({ ...row, image: versionedImage(row.image), offer: offers.get(row.sku) ?? null })),
  };
}
