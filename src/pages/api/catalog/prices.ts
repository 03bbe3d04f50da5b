// Product price list: prices and stock for all skus of a page in one request.
import { catalog } from '#lib/server/catalog/index.ts';

export const prerender = false;

export const POST = catalog.prices;
