// The Import page's numbers in words: the counts as one sentence ("1,234 records read: 1,200 created,
// 30 updated, 4 refused."), what a finished run did or did not change, and file sizes.
import type { ImportStrings } from '#lib/admin/import-messages.ts';
import { fill, plural } from '#lib/i18n/format.ts';
import { LOCALE_TAGS } from '#lib/i18n/locales.ts';
import { changedNothing, type ImportCounts, type ImportSummary } from '#lib/import/run-summary.ts';

type Locale = 'de' | 'en';
const OUTCOMES = ['created', 'updated', 'unchanged', 'deleted', 'refused'] as const;

/** The counts as a sentence; an outcome no record had is left out. */
export function summarySentence(counts: ImportCounts, strings: ImportStrings, locale: Locale): string {
  const tag = LOCALE_TAGS[locale];
  const number = new Intl.NumberFormat(tag);
  const read = plural(tag, counts.read, {
    one: strings['import.summary.read_one'],
    other: strings['import.summary.read_other'],
  });
  const parts = OUTCOMES.filter((outcome) => counts[outcome] > 0).map((outcome) =>
    fill(strings[`import.summary.${outcome}`], { count: number.format(counts[outcome]) }),
  );
  return parts.length > 0
    ? fill(strings['import.summary.sentence'], { read, parts: parts.join(', ') })
    : fill(strings['import.summary.readOnly'], { read });
}

/** What a finished run means for the shop, beyond its counts: nothing changed, or it stopped half way. */
export function outcomeNotes(run: ImportSummary, strings: ImportStrings): string[] {
  const notes: string[] = [];
  if (run.status === 'failed') notes.push(strings['import.report.failed']);
  if (run.check) notes.push(strings['import.report.checkOnly']);
  else if (changedNothing(run)) notes.push(strings['import.report.rolledBack']);
  else if (run.status === 'failed') notes.push(strings['import.report.failedKept']);
  return notes;
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** 812 bytes, 12.5 kB, 3.4 MB, in the locale's way. */
export function fileSize(bytes: number, locale: Locale): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: 'unit',
    unit: UNITS[unit],
    // "56 bytes" but "12.5 kB": the short form of a byte is "byte", whatever the count.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
