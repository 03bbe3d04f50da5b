// Keyword search (spec section 5): an exact, case-insensitive item number or SKU match, or the
// originalId, wins; otherwise a contains-match on item number, product name or category name.
// The contains-match is served by trigram indexes, so it stays fast on 100k products.
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/index.ts';
import { productCards } from './products.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ProductCard } from '../../schemas/catalog.ts';

export interface SearchHit extends ProductCard { isVariant: boolean }
export type SearchCategory = { id: number; name: string; slugPath: string };

/** Escapes LIKE wildcards so a shopper's '%' or '_' is matched literally. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Ids of matching products (variants included), best first; exact matches short-circuit. */
export async function searchProductIds(term: string, locale: Locale): Promise<{ ids: number[]; exact: boolean }> {
  const lowered = term.toLowerCase();
  const numeric = /^\d{1,9}$/.test(term) ? Number(term) : null;
  const exact = await queryRows<{ id: number }>(sql`
    select p.id from products p where p.is_active and (
      lower(p.itemnum) = ${lowered} or lower(p.sku) = ${lowered}
      ${numeric !== null ? sql`or p.original_id = ${numeric}` : sql``})
    order by p.parent_id nulls first, p.id`);
  if (exact.length > 0) return { ids: exact.map((r) => Number(r.id)), exact: true };

  const pattern = likePattern(term);
  const contains = await queryRows<{ id: number }>(sql`
    select p.id from products p
    join product_translations t on t.product_id = p.id and t.locale = ${locale}
    where p.is_active and (
      p.itemnum ilike ${pattern} or t.name ilike ${pattern}
      or p.id in (
        select pc.product_id from product_categories pc
        join category_translations ct on ct.category_id = pc.category_id and ct.locale = ${locale}
        where ct.name ilike ${pattern}))
    order by (t.name ilike ${pattern}) desc, p.parent_id nulls first, p.created_at desc, p.id desc
    limit 2000`);
  return { ids: contains.map((r) => Number(r.id)), exact: false };
}

export async function searchCategories(term: string, locale: Locale, limit = 6): Promise<SearchCategory[]> {
  const rows = await queryRows<SearchCategory>(sql`
    select ct.category_id as id, ct.name, ct.slug_path as "slugPath" from category_translations ct
    where ct.locale = ${locale} and ct.name ilike ${likePattern(term)}
    order by length(ct.name), ct.name limit ${limit}`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, slugPath: r.slugPath }));
}

export async function searchHits(ids: number[], locale: Locale): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  const [cards, parents] = await Promise.all([productCards(ids, locale), parentsOf(ids)]);
  return cards.map((c) => ({ ...c, isVariant: parents.get(c.id) !== c.id }));
}

/** Listings show parent products: a variant hit stands for its parent. */
export async function parentOrSelfIds(ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const parentOf = await parentsOf(ids);
  return [...new Set(ids.map((id) => parentOf.get(id) ?? id))];
}

/** Maps each product id to its parent's id, or to itself for a product without parent. */
async function parentsOf(ids: number[]): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; parent_id: number | null }>(sql`select id, parent_id from products where id in ${ids}`);
  return new Map(rows.map((r) => [Number(r.id), r.parent_id === null ? Number(r.id) : Number(r.parent_id)]));
}
