// The field types every request schema is built from. Whatever a schema lets through reaches the
// database, so these refuse what PostgreSQL would answer with an error instead of a row: a NUL byte
// ("invalid byte sequence for encoding UTF8: 0x00") or another control character in text, a lone
// UTF-16 surrogate (not encodable as UTF-8), and whole numbers outside its integer column. Bad input
// is then a 400 naming the field, never a 500.
import { z } from 'astro/zod';

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Line breaks and tabs, allowed only where a text may span lines (comments, reviews). */
const LINE_BREAKS = /[\t\n\r]/;

const FIELD_MESSAGES = {
  controlCharacters: 'must not contain control characters',
  lineBreaks: 'must be a single line',
  malformed: 'is not well-formed text',
} as const;

export interface TextOptions {
  /** The most characters accepted (UTF-16 code units, as the database column counts them roughly). */
  max: number;
  /** Whether tabs and line breaks are allowed (a comment or a review); off for names, codes, terms. */
  multiline?: boolean;
  /** The message when the value is missing or not text (zod's own otherwise). */
  error?: string;
  /** The message when it is longer than max. */
  tooLong?: string;
  /** The message when it holds a control character or malformed text. */
  invalid?: string;
}

/** Text from a request: bounded, well-formed, free of control characters. Chain .trim(), .min() etc. */
export function text({ max, multiline = false, error, tooLong, invalid }: TextOptions) {
  return (
    z
      .string(error === undefined ? undefined : { error })
      .max(max, tooLong === undefined ? undefined : { error: tooLong })
      .refine((value) => value.isWellFormed(), { error: invalid ?? FIELD_MESSAGES.malformed, abort: true })
      .refine((value) => !CONTROL_CHARACTERS.test(value), {
        error: invalid ?? FIELD_MESSAGES.controlCharacters,
        abort: true,
      })
      // Only inside the text: a pasted term's trailing line break or tab is trimmed off, not refused.
      .refine((value) => multiline || !LINE_BREAKS.test(value.trim()), { error: invalid ?? FIELD_MESSAGES.lineBreaks })
  );
}

/** PostgreSQL's `integer`: what an id, a quantity or an offset column holds. */
const DB_INT = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** A whole number from a request within [min, max], which default to the database integer's range. */
export function int({ min = DB_INT.min, max = DB_INT.max }: { min?: number; max?: number } = {}) {
  return z.number().int().min(Math.max(min, DB_INT.min)).max(Math.min(max, DB_INT.max));
}

/** A positive database id (serial / integer primary key). */
export const dbId = () => int({ min: 1 });
