// The catalogue domain's public face: the endpoints under src/pages/api/catalog wired to the
// shopper of the request, and what pages, the shell and the sitemaps read.
import { currentShopper, priceContext } from '../shopper.ts';
import { catalogRoutes, type CatalogDeps } from './handlers.ts';
import { ownItemSku } from '../customer-items/index.ts';
import { priceIndex } from './price-index-store.ts';
import { searchIndex } from './search-index-store.ts';
import { facetIndex } from './facet-index-store.ts';

export { allCategorySlugPaths, categoryBySlugPath, topCategories, type CategoryNode } from './categories.ts';
export { categoryPage, type CategoryPage } from './category-page.ts';
export { loadProductPage, productPageTerms } from './product-page.ts';
export { productSeo } from './product-seo.ts';
export { productStrings } from './product-strings.ts';
export { publicPrices } from './public-prices.ts';
export { merchantTerms } from './merchant-terms.ts';
export { publicPriceBreaks, type PriceBreakTable } from './price-breaks.ts';
export type { PriceBreakView, ProductDocumentLink, ProductFact } from './product-terms.ts';
export { guestPricesRoute } from './guest-prices.ts';
export { myItems, type MyItem, type MyItemsPage } from './my-items.ts';
export { searchPageState } from './search-page.ts';
export { allProductSlugs, productCards, type ProductBreadcrumb } from './products.ts';
export { priceList } from './prices.ts';
export { recommendedProductIds, resolveRecommendationFilter } from './recommendations.ts';

const defaultCatalogDeps: CatalogDeps = {
  // With the URL, session cookies renewed on the way are Secure except on localhost.
  shopper: ({ cookies, url }) => currentShopper(cookies, url),
  priceContext,
  ownItemSku,
};

/** The endpoints under src/pages/api/catalog, wired to the process database and the shopper. */
export const catalog = catalogRoutes(defaultCatalogDeps);

/** Resolves once the in-memory price, search and facet indexes are built (readiness waits for them). */
export async function catalogIndexesBuilt(): Promise<void> {
  await Promise.all([priceIndex(), searchIndex(), facetIndex()]);
}
