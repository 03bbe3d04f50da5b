// Category list / search by slug (spec section 7). Nothing found gives an empty result (spec section 8).
import { endpoint, json, readBody } from '#lib/server/http.ts';
import { categoryRequestSchema } from '#lib/catalog/contract.ts';
import { categoryBySlugPath, categoryTrail, categoryTree } from '#lib/server/catalog/categories.ts';

export const prerender = false;

export const POST = endpoint(async ({ request }) => {
  const body = await readBody(request, categoryRequestSchema);
  const category = await categoryBySlugPath(body.locale, body.slug);
  if (!category || category.id === -1) return json({ data: null, trail: [], tree: [] });
  const [trail, tree] = await Promise.all([categoryTrail(category.id, body.locale), categoryTree(body.locale)]);
  return json({ data: category, trail, tree });
});
