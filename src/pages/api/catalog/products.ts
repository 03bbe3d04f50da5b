// Product list: one category's products, filtered, sorted and paged.
import { catalog } from '#lib/server/catalog/index.ts';

export const prerender = false;

export const POST = catalog.products;
