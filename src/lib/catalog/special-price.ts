// The validity of a special price. A special may run until a last day: a calendar date, inclusive,
// read in UTC like every date the shop imports (src/lib/server/import/bmecat.ts), so the same row gives
// the same price on every server whatever its zone. After that day the special is simply not there:
// the regular price applies and nothing says "Special price". The SQL reads (src/lib/server/db/
// special-price.ts) implement the same rule.

/** A calendar date, YYYY-MM-DD. */
export type CalendarDate = string;

/** The UTC calendar day of `now`. */
export const utcDay = (now: Date = new Date()): CalendarDate => now.toISOString().slice(0, 10);

/** The special price (any unit) on `today`: null when there is none or its last day has passed. */
export function specialOn(special: number | null, until: CalendarDate | null, today: CalendarDate): number | null {
  return until === null || today <= until ? special : null;
}

/** @internal The moment a special with last day `until` ends: the start of the next UTC day. */
export function specialEndsAt(until: CalendarDate): Date {
  const end = new Date(`${until}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return end;
}

/**
 * When the first special price among some price entries ends (undefined: none ends): a cached page
 * showing them is wrong from that moment on (src/lib/server/publish/page-rules.ts).
 */
export function firstSpecialEnd(
  entries: readonly { priceInfo?: { specialUntil?: CalendarDate | undefined } | null | undefined }[],
): Date | undefined {
  let earliest: CalendarDate | undefined;
  for (const { priceInfo } of entries) {
    const until = priceInfo?.specialUntil;
    if (until && (earliest === undefined || until < earliest)) earliest = until;
  }
  return earliest === undefined ? undefined : specialEndsAt(earliest);
}
