// Search. Two shapes of answer from one contract: the overlay pages through the
// raw hits (products and variants), the search page lists parent products with filters and sorting.
// A failed search answers with an empty result, never an error page.
import { catalog } from '#lib/server/catalog/index.ts';

export const prerender = false;

export const POST = catalog.search;
