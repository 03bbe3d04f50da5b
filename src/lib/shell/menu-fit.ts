// How many top-level menu entries fit in one row; the rest go into a "More" dropdown, so the desktop
// menu never wraps to a second row whatever the language or the number of configured entries.

/**
 * The count of leading entries that fit in `available` px: all of them when their widths add up,
 * else as many as leave room for the More entry (at least none: More alone is always shown).
 */
export function fittingCount(widths: readonly number[], moreWidth: number, available: number): number {
  const total = widths.reduce((sum, w) => sum + w, 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const width of widths) {
    if (used + width > available) break;
    used += width;
    count += 1;
  }
  return count;
}
