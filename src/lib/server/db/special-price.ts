// The validity rule of src/lib/catalog/special-price.ts for queries: a special price counts only up to
// and including its last day (special_until, a UTC calendar date), checked when the query runs, so an
// ended special is never charged or listed however long the shop has been running.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Today's UTC calendar date, as the database sees it when the statement runs. */
const today = sql`(now() AT TIME ZONE 'UTC')::date`;

/** Whether a special price whose last day is `until` (a date column or expression) still runs. */
export const specialRunning = (until: SQLWrapper): SQL => sql`(${until} IS NULL OR ${until} >= ${today})`;

/** The special price of the prices row aliased `alias` while it runs, else NULL. */
export function specialCentsNow(alias: string): SQL {
  const row = sql.raw(alias);
  return sql`(CASE WHEN ${specialRunning(sql`${row}.special_until`)} THEN ${row}.special_cents END)`;
}
