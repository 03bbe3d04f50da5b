// What the workspace shows of an import run, on the server and in the browser: its summary (the list
// of recent imports, the progress while it runs) and, for one run, the refused records. Types only
// and one pure function, so the Import page's island can take them without the server's code.

export const COUNT_KEYS = ['read', 'created', 'updated', 'unchanged', 'deleted', 'refused'] as const;
type CountKey = (typeof COUNT_KEYS)[number];
export type ImportCounts = Record<CountKey, number>;

/** A refused record (or a note on one): where it is in the file and why, in words. */
export interface ReportLine {
  file: string;
  line: number;
  id?: string;
  field?: string;
  reason: string;
}

type ImportStatus = 'running' | 'done' | 'failed';

export interface ImportSummary {
  id: string;
  status: ImportStatus;
  fileName: string;
  /** Check only: nothing was written. */
  check: boolean;
  /** All or nothing: one refused record and nothing was written. */
  strict: boolean;
  /** Who started it, as the audit trail names actors ('staff:<email>', 'token:<id>:<name>', 'cli'). */
  actor: string;
  counts: ImportCounts;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface ImportDetail extends ImportSummary {
  report: ReportLine[];
}

/**
 * The stored counts with every key present: a run that has not saved its first batch yet has none,
 * and a value that is not a count is taken as 0.
 */
export function importCounts(stored: unknown): ImportCounts {
  const from = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const count = (value: unknown) => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : 0);
  return Object.fromEntries(COUNT_KEYS.map((key) => [key, count(from[key])])) as ImportCounts;
}

/** Whether the run left the shop as it was: a check, or an all-or-nothing run that refused or failed. */
export function changedNothing(run: Pick<ImportSummary, 'check' | 'strict' | 'status' | 'counts'>): boolean {
  return run.check || (run.strict && (run.counts.refused > 0 || run.status === 'failed'));
}
