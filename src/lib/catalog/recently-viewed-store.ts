// Recently viewed products, kept in session storage: newest first, no duplicates.
// The rules live in src/lib/catalog/recently-viewed.ts; this store holds the list and records views.
import { persistentAtom } from '@nanostores/persistent';
import { sessionKey } from '../shell/web-storage.ts';
import { hasOnlyKeys } from '../shell/stored-shape.ts';
import {
  parseRecentlyViewed,
  pushRecentlyViewed,
  RECENTLY_VIEWED_KEY,
  serializeRecentlyViewed,
} from './recently-viewed.ts';

export interface RecentProduct {
  sku: string;
  name: string;
  itemnum: string;
  image: string | null;
  /** Site path of the product page in the locale it was viewed in. */
  href: string;
  locale: string;
}

/** Session storage is user-editable, so every entry is checked before an island renders it. */
function isRecentProduct(value: unknown): value is RecentProduct {
  if (!hasOnlyKeys(value, ['sku', 'name', 'itemnum', 'image', 'href', 'locale'], { extra: true })) return false;
  const { sku, name, itemnum, image, href, locale } = value;
  return (
    typeof sku === 'string' &&
    sku !== '' &&
    typeof name === 'string' &&
    typeof itemnum === 'string' &&
    (image === null || typeof image === 'string') &&
    typeof href === 'string' &&
    href.startsWith('/') &&
    typeof locale === 'string'
  );
}
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
