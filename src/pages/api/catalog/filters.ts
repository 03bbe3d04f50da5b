// Product filter list (spec section 7): facets for a category, or for a keyword, under the current filters.
import { endpoint, json, readBody } from '#lib/server/http.ts';
import { filterListRequestSchema } from '#lib/catalog/contract.ts';
import { listFacets } from '#lib/server/catalog/listing.ts';
import { searchProductIds } from '#lib/server/catalog/search.ts';
import { filterCodes } from '#lib/server/catalog/filter-settings.ts';

export const prerender = false;

export const POST = endpoint(async ({ request }) => {
  const body = await readBody(request, filterListRequestSchema);
  const productIds = body.keyword ? (await searchProductIds(body.keyword, body.locale)).listed : undefined;
  const facets = await listFacets({ categoryId: body.categoryId, productIds, filters: body.filters }, await filterCodes(), body.locale);
  return json({ data: facets });
});
