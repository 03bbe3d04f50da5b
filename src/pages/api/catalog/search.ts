// Search (spec section 7). Two shapes of answer from one contract: the overlay pages through the
// raw hits (products and variants), the search page lists parent products with filters and sorting.
// A failed search answers with an empty result, never an error page (spec section 8).
import { endpoint, json, readBody } from '#lib/server/http.ts';
import { searchRequestSchema, type SearchResponse } from '#lib/catalog/contract.ts';
import { searchCategories, searchHits, searchProductIds, searchProducts } from '#lib/server/catalog/search.ts';
import { listFacets, listProducts } from '#lib/server/catalog/listing.ts';
import { filterCodes } from '#lib/server/catalog/filter-settings.ts';
import { currentShopper, priceContext } from '#lib/server/shopper.ts';
import { priceList } from '#lib/server/catalog/prices.ts';

export const prerender = false;

const EMPTY: SearchResponse = { data: [], count: 0, categories: [] };

export const POST = endpoint(async ({ request, cookies }) => {
  const body = await readBody(request, searchRequestSchema);
  if (body.keyword === '') return json(EMPTY);
  try {
    const shopper = await currentShopper(cookies);
    const listing = body.filters.length > 0 || body.sort !== 'latest' || body.loadFilters;
    // The overlay reads just its page of the ranking; the search page lists the parents of all
    // ranked hits, so it needs them all (at most SEARCH_MAX_HITS).
    const hits = listing
      ? await searchProductIds(body.keyword, body.locale)
      : await searchProducts(body.keyword, body.locale, body.offset, body.limit);
    const scope = hits.listed;
    const [categories, result] = await Promise.all([
      searchCategories(body.keyword, body.locale),
      listing
        ? listProducts({ productIds: scope, filters: body.filters, locale: body.locale, sort: body.sort, limit: body.limit, offset: body.offset, currency: shopper.currency })
          .then(async (page) => ({ data: page.data.map((p) => ({ ...p, isVariant: false })), count: page.count }))
        : searchHits(hits.ids, body.locale).then((data) => ({ data, count: hits.count })),
    ]);
    const facets = body.loadFilters
      ? await listFacets({ productIds: scope, filters: body.filters }, await filterCodes(), body.locale)
      : undefined;
    let data = result.data;
    if (!body.excludePrices && !body.pricesLazyLoad) {
      const prices = await priceList(data.map((p) => p.sku), await priceContext(shopper));
      data = data.map((p) => ({ ...p, priceInfo: prices.find((e) => e.sku === p.sku)?.priceInfo ?? null }));
    }
    return json({ data, count: result.count, capped: hits.capped, categories, ...(facets ? { facets } : {}) } satisfies SearchResponse);
  } catch (error) {
    console.error('[api] search failed', error);
    return json(EMPTY);
  }
});
