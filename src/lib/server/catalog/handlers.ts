// The catalogue endpoints' logic, behind src/pages/api/catalog/*.ts. Who is asking comes in through
// CatalogDeps, so tests run the real handlers for any shopper.
import type { APIContext } from 'astro';
import { endpoint } from '../http.ts';
import { BUDGETS } from '../client-budget.ts';
import { logger } from '../log.ts';
import type { Shopper } from '../shopper.ts';
import { catalogApi, type PriceInfo } from '#lib/catalog/contract.ts';
import { emptySearchResponse } from '#lib/search/rules.ts';
import { categoryBySlugPath, categoryTrail, categoryTree } from './categories.ts';
import { filterCodes } from './filter-settings.ts';
import { listFacets, listProducts } from './listing.ts';
import type { PriceContext } from '#lib/catalog/price.ts';
import { priceList, priceListAnswer } from './prices.ts';
import { searchCategories, searchHits, searchProductIds, searchProducts } from './search.ts';
import { searchListing } from './search-page.ts';

export interface CatalogDeps {
  shopper(context: APIContext): Promise<Shopper>;
  /** The currency, price list and price permission of this shopper. */
  priceContext(shopper: Shopper): Promise<PriceContext>;
  /** The sku a company's own item number names (customer_item_numbers), for a signed-in buyer's search. */
  ownItemSku?(customerId: string | null, term: string): Promise<string | null>;
}

/** Cards with the shopper's prices filled in (pricesLazyLoad: false), from one price-list read. */
async function withPrices<T extends { sku: string }>(
  cards: T[],
  ctx: PriceContext,
): Promise<(T & { priceInfo: PriceInfo | null })[]> {
  const prices = new Map(
    (
      await priceList(
        cards.map((c) => c.sku),
        ctx,
      )
    ).map((e) => [e.sku, e.priceInfo]),
  );
  return cards.map((c) => ({ ...c, priceInfo: prices.get(c.sku) ?? null }));
}

export function catalogRoutes(deps: CatalogDeps) {
  return {
    // Nothing found gives an empty result.
    categories: endpoint(
      catalogApi.categories,
      async ({ locale, slug }) => {
        const category = await categoryBySlugPath(locale, slug);
        if (!category || category.id === -1) return { data: null, trail: [], tree: [] };
        const [trail, tree] = await Promise.all([categoryTrail(category.id, locale), categoryTree(locale)]);
        return { data: category, trail, tree };
      },
      { budget: BUDGETS.catalog },
    ),

    filters: endpoint(
      catalogApi.filters,
      async (body) => {
        const productIds = body.keyword ? (await searchProductIds(body.keyword, body.locale)).listed : undefined;
        const facets = await listFacets(
          { categoryId: body.categoryId, productIds, filters: body.filters },
          await filterCodes(),
          body.locale,
        );
        return { data: facets };
      },
      { budget: BUDGETS.catalog },
    ),

    prices: endpoint(
      catalogApi.prices,
      async ({ skus }, context) => {
        const shopper = await deps.shopper(context);
        return priceListAnswer(skus, shopper.customerId, await deps.priceContext(shopper));
      },
      { budget: BUDGETS.prices },
    ),

    products: endpoint(
      catalogApi.products,
      async (body, context) => {
        const shopper = await deps.shopper(context);
        const page = await listProducts({ ...body, categoryId: body.catId, currency: shopper.currency });
        if (body.pricesLazyLoad) return page;
        const ctx = await deps.priceContext(shopper);
        const [data, prices] = await Promise.all([
          withPrices(page.data, ctx),
          priceListAnswer(
            page.data.map((card) => card.sku),
            shopper.customerId,
            ctx,
          ),
        ]);
        return { ...page, data, prices };
      },
      { budget: BUDGETS.catalog },
    ),

    // Two shapes of answer from one contract: the overlay pages through the raw hits (products and
    // variants), the search page lists parent products with filters and sorting. A failed search
    // answers with an empty result, never an error page.
    search: endpoint(
      catalogApi.search,
      async (body, context) => {
        if (body.keyword === '') return emptySearchResponse();
        try {
          const shopper = await deps.shopper(context);
          const listing = body.filters.length > 0 || body.sort !== 'relevance' || body.loadFilters;
          // A buyer's own item number finds its product as the shop's item number would: an exact hit.
          const term = (await deps.ownItemSku?.(shopper.customerId, body.keyword)) ?? body.keyword;
          // The overlay reads just its page of the ranking; the search page lists the parents of all
          // ranked hits, so it needs them all (at most SEARCH_MAX_HITS).
          const hits = listing
            ? await searchProductIds(term, body.locale)
            : await searchProducts(term, body.locale, body.offset, body.limit);
          const [categories, result] = await Promise.all([
            hits.foundIn
              ? searchCategories(body.keyword, hits.foundIn, { shownIn: body.locale })
              : searchCategories(hits.suggestion ?? body.keyword, body.locale),
            listing
              ? searchListing(hits, { ...body, currency: shopper.currency })
              : searchHits(hits.ids, body.locale).then((data) => ({ data, count: hits.count, facets: undefined })),
          ]);
          const { facets } = result;
          const data =
            body.excludePrices || body.pricesLazyLoad
              ? result.data
              : await withPrices(result.data, await deps.priceContext(shopper));
          return {
            data,
            count: result.count,
            capped: hits.capped,
            categories,
            ...(hits.suggestion ? { suggestion: hits.suggestion } : {}),
            ...(hits.foundIn ? { foundIn: hits.foundIn } : {}),
            ...(facets ? { facets } : {}),
          };
        } catch (error) {
          logger.error({ err: error }, 'search failed; answering an empty result');
          return emptySearchResponse();
        }
      },
      { budget: BUDGETS.search },
    ),
  };
}
