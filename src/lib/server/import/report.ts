// What an import tells whoever ran it: how many records did what, and every refused record with the
// file, line, id, field and the reason in words.
import type { SourcePosition } from '#lib/import/record-contract.ts';

export interface ReportLine {
  file: string;
  line: number;
  /** The product sku or category id, when the record got that far. */
  id?: string;
  field?: string;
  reason: string;
}

export type Outcome = 'created' | 'updated' | 'unchanged' | 'deleted';

/** A type, not an interface: it is stored in a jsonb column typed as a record of numbers. */
export type ImportCounts = {
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  refused: number;
};

/** Lines kept in the stored report; the counts stay exact beyond it. */
const REPORT_LIMIT = 10_000;

/** A record (or a part of one) the importer would not apply; the message is the reason in words. */
export class RecordRefused extends Error {
  readonly field: string | undefined;
  constructor(field: string | undefined, reason: string) {
    super(reason);
    this.name = 'RecordRefused';
    this.field = field;
  }
}

export class ImportReport {
  readonly counts: ImportCounts = { read: 0, created: 0, updated: 0, unchanged: 0, deleted: 0, refused: 0 };
  readonly lines: ReportLine[] = [];
  /** Lines beyond REPORT_LIMIT, counted but not kept. */
  omitted = 0;

  /** A refusal: one line, and the record counted as refused once however many lines it has. */
  refuse(at: SourcePosition, lines: Omit<ReportLine, 'file' | 'line'>[]): void {
    this.counts.refused++;
    for (const line of lines) this.note(at, line);
  }

  /** A line that does not refuse a record (a reference that could not be resolved). */
  note(at: SourcePosition, line: Omit<ReportLine, 'file' | 'line'>): void {
    if (this.lines.length >= REPORT_LIMIT) {
      this.omitted++;
      return;
    }
    this.lines.push({ file: at.file, line: at.line, ...definedOnly(line) });
  }

  count(outcome: Outcome): void {
    this.counts[outcome]++;
  }
}

function definedOnly(line: Omit<ReportLine, 'file' | 'line'>): Omit<ReportLine, 'file' | 'line'> {
  return Object.fromEntries(Object.entries(line).filter(([, v]) => v !== undefined)) as Omit<
    ReportLine,
    'file' | 'line'
  >;
}

const CSV_COLUMNS = ['file', 'line', 'id', 'field', 'reason'] as const;

/** A cell a spreadsheet would run as a formula (=, +, -, @) is opened as text instead. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The report as CSV for a spreadsheet (comma separated, every field quoted). */
export function reportCsv(lines: readonly ReportLine[]): string {
  const quote = (value: unknown) => {
    const text = String(value ?? '');
    return `"${(FORMULA_START.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
  };
  return (
    [CSV_COLUMNS.join(','), ...lines.map((l) => CSV_COLUMNS.map((c) => quote(l[c])).join(','))].join('\r\n') + '\r\n'
  );
}
