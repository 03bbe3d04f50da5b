// Recently viewed products, kept in session storage: newest first, no duplicates.
// The rules live in src/lib/catalog/recently-viewed.ts; this store holds the list and records views.
import { persistentAtom } from '@nanostores/persistent';
import { z } from 'astro/zod';
import { sessionKey } from '../shell/web-storage.ts';
import { parseRecentlyViewed, pushRecentlyViewed, RECENTLY_VIEWED_KEY, serializeRecentlyViewed } from './recently-viewed.ts';

/** Session storage is user-editable, so every entry is checked before an island renders it. */
const recentProductSchema = z.object({
  sku: z.string().min(1),
  name: z.string(),
  itemnum: z.string(),
  image: z.string().nullable(),
  /** Site path of the product page in the locale it was viewed in. */
  href: z.string().startsWith('/'),
  locale: z.string(),
});
export type RecentProduct = z.infer<typeof recentProductSchema>;

const isRecentProduct = (value: unknown): value is RecentProduct => recentProductSchema.safeParse(value).success;
const bySku = (p: RecentProduct): string => p.sku;

/** Newest first; on the server, and before the first view in this tab, empty. */
export const $recentlyViewed = persistentAtom<RecentProduct[]>(sessionKey(RECENTLY_VIEWED_KEY), [], {
  encode: (list) => serializeRecentlyViewed(list),
  decode: (raw) => parseRecentlyViewed(raw, isRecentProduct, bySku),
});

/** Records a product view: it moves to the front of the list. */
export function recordProductView(product: RecentProduct): void {
  $recentlyViewed.set(pushRecentlyViewed($recentlyViewed.get(), product, bySku));
}
