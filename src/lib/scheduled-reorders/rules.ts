// The rules of scheduled reorders (issue 37, item 5): how often, how far ahead, and the calendar
// arithmetic of due dates. Due dates are calendar days in UTC (the shop keeps no time zone per company),
// written as ISO dates (2026-12-01).

export const MIN_INTERVAL_WEEKS = 1;
export const MAX_INTERVAL_WEEKS = 52;
/** The furthest a next date or an end date may lie ahead: one interval of the longest kind, and some. */
export const MAX_DAYS_AHEAD = 400;
/** How many days before a due date the reminder goes out. */
export const REMINDER_DAYS_BEFORE = 1;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day (UTC) of an instant. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** Whether `value` is a real calendar day written as an ISO date (no 2026-02-30). */
export function isIsoDay(value: string): boolean {
  const parts = ISO_DAY.exec(value);
  if (!parts) return false;
  const at = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return dayOf(at) === value;
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/**
 * The due date after `due`, `weeks` apart, that lies after `today`: one interval on, or as many as a
 * stopped shop missed (it places one order for the missed dates, not one per missed date).
 */
export function followingDue(due: string, weeks: number, today: string): string {
  let next = addDays(due, weeks * 7);
  while (next <= today) next = addDays(next, weeks * 7);
  return next;
}

/** The first due date on or after `today` of a schedule resumed after a pause that passed its date. */
export function dueFromToday(due: string, weeks: number, today: string): string {
  return due >= today ? due : followingDue(due, weeks, addDays(today, -1));
}
