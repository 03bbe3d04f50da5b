// Recently viewed products: newest first, no duplicates, kept in session storage.
// Pure: the store reads and writes sessionStorage with these helpers.

export const RECENTLY_VIEWED_KEY = 'vsf-recently-viewed';
/** Enough for a carousel of recent views without growing session storage without bound. */
const RECENTLY_VIEWED_MAX = 12;

function capOf(max: number): number {
  return Number.isFinite(max) ? Math.max(0, Math.floor(max)) : RECENTLY_VIEWED_MAX;
}

function uniqueBy<T>(items: readonly T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Moves the item to the front; older copies go (a product viewed again holds its newest data). */
export function pushRecentlyViewed<T>(
  list: readonly T[],
  item: T,
  key: (t: T) => string,
  max = RECENTLY_VIEWED_MAX,
): T[] {
  // uniqueBy over the whole list also repairs duplicates left by an older version or another tab.
  return uniqueBy([item, ...list], key).slice(0, capOf(max));
}

/**
 * Reads stored JSON defensively: storage is user-editable and outlives deployments, so malformed JSON
 * gives an empty list and entries that fail `isItem` are dropped one by one rather than losing the list.
 */
export function parseRecentlyViewed<T>(
  raw: string | null | undefined,
  isItem: (value: unknown) => value is T,
  key: (t: T) => string,
  max = RECENTLY_VIEWED_MAX,
): T[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return uniqueBy(parsed.filter(isItem), key).slice(0, capOf(max));
}

export function serializeRecentlyViewed<T>(list: readonly T[], max = RECENTLY_VIEWED_MAX): string {
  return JSON.stringify(list.slice(0, capOf(max)));
}
