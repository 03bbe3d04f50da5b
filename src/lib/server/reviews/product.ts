// What a product page shows of its reviews: a variant's own, a parent's together with its variants'
// (only variants can be bought, so they are the ones reviewed). The page is cached under its products'
// tags, and every change of a published review publishes its product (service.ts).
import { getDb } from '../db/index.ts';
import type { ReviewSummary } from '#lib/reviews/rules.ts';
import { publishedSummary } from './queries.ts';

export async function productReviews(product: {
  id: number;
  parentId: number | null;
  variants: { id: number }[];
}): Promise<ReviewSummary | null> {
  const ids = product.parentId === null ? [product.id, ...product.variants.map((v) => v.id)] : [product.id];
  return publishedSummary(await getDb(), ids);
}
