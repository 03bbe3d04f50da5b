// Raw SQL shared by every server domain. Both drivers (PGlite and node-postgres), and their
// transactions, answer execute() with a result that carries a `rows` array. Its rows are parsed by a
// row schema here, where they leave the database: a column renamed or retyped in SQL then fails
// with its name instead of travelling on as `undefined` under a type that claims otherwise.
import type { SQL } from 'drizzle-orm';
import type { z } from 'astro/zod';
import type { Db } from './client.ts';

/** What a raw query needs of a database or a transaction. */
export type Executor = Pick<Db, 'execute'>;

/** A row that does not have the columns its schema names, with the first row and columns that differ. */
export class RowShapeError extends Error {
  readonly row: number;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(row: number, issues: readonly z.core.$ZodIssue[]) {
    const columns = issues.map((issue) => `column "${issue.path.map(String).join('.')}": ${issue.message}`);
    super(`query row ${row} does not match its row schema: ${columns.join('; ')}`);
    this.name = 'RowShapeError';
    this.row = row;
    this.issues = issues;
  }
}

/** Parses raw rows with a row schema; throws RowShapeError naming the columns of the first row that fails. */
export function parseRows<S extends z.ZodType>(schema: S, found: readonly unknown[]): z.output<S>[] {
  return found.map((row, index) => {
    const parsed = schema.safeParse(row);
    if (!parsed.success) throw new RowShapeError(index, parsed.error.issues);
    return parsed.data;
  });
}

/** The rows array both drivers' results carry (execute() declares its result without them). */
export function resultRows(result: unknown): unknown[] {
  const found = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  if (!Array.isArray(found)) throw new TypeError('the database answered a query without rows');
  return found;
}

/** Runs raw SQL on a database or transaction and returns its rows, each parsed by the row schema. */
export async function rows<S extends z.ZodType>(db: Executor, schema: S, query: SQL): Promise<z.output<S>[]> {
  return parseRows(schema, resultRows(await db.execute(query)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Check ids from cookies and URLs first: PostgreSQL answers a malformed uuid with an error, not a miss. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
