// Category list / search by slug. Nothing found gives an empty result.
import { catalog } from '#lib/server/catalog/index.ts';

export const prerender = false;

export const POST = catalog.categories;
