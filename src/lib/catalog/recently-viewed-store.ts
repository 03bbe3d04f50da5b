// Recently viewed products (spec sections 3, 4), kept in session storage: newest first, no duplicates.
// The rules live in src/lib/catalog/recently-viewed.ts; this store only reads and writes the storage.
import { atom } from 'nanostores';
import { z } from 'astro/zod';
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

export const $recentlyViewed = atom<RecentProduct[]>([]);

function read(): RecentProduct[] {
  try {
    return parseRecentlyViewed(sessionStorage.getItem(RECENTLY_VIEWED_KEY), isRecentProduct, bySku);
  } catch {
    // Storage can be disabled (privacy mode, sandboxed frames); the page works without the list.
    return [];
  }
}

/** Records a product view: it moves to the front of the list. */
export function recordProductView(product: RecentProduct): void {
  const list = pushRecentlyViewed(read(), product, bySku);
  $recentlyViewed.set(list);
  try {
    sessionStorage.setItem(RECENTLY_VIEWED_KEY, serializeRecentlyViewed(list));
  } catch {
    // Quota or disabled storage: the list still shows for this page.
  }
}
