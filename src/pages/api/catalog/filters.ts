// Product filter list: facets for a category, or for a keyword, under the current filters.
import { catalog } from '#lib/server/catalog/index.ts';

export const prerender = false;

export const POST = catalog.filters;
