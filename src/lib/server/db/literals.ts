// Rows written as SQL literals for bulk writes (the demo seed, a catalogue import): drizzle's insert
// builder costs about 0.1 ms per row, a literal a few µs, and a statement of literals carries no
// parameters, so it is not bound by the protocol's 65,535 of them.
import { sql, type SQL } from 'drizzle-orm';

/**
 * A SQL literal for one value. Escape-string syntax (E'...') makes backslashes safe whatever the
 * server's standard_conforming_strings setting; undefined means the column default.
 */
export function sqlLiteral(value: unknown): string {
  if (value === undefined) return 'DEFAULT';
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`cannot insert the number ${value}`);
    return String(value);
  }
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  if (text.includes('\0')) throw new RangeError('cannot insert a NUL character');
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** `(a, b), (c, d)` for a VALUES list or an IN list of tuples. */
export const literalRows = (rows: readonly (readonly unknown[])[]): SQL =>
  sql.raw(rows.map((row) => `(${row.map(sqlLiteral).join(', ')})`).join(',\n'));

/** `a, b, c` for an IN list or ANY(ARRAY[…]). */
export const literalList = (values: readonly unknown[]): SQL => sql.raw(values.map(sqlLiteral).join(', '));
