// Every row of raw SQL is checked where it leaves the database (src/lib/server/db/sql.ts): a column
// renamed or retyped in a query fails with its name, and no server code reads a driver's rows around
// the check. tests/integration/db-sql.test.ts runs the same helper against both databases.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { describe, expect, test } from 'vitest';
import { int8, json, timestamp } from '#lib/server/db/columns.ts';
import { parseRows, resultRows, RowShapeError } from '#lib/server/db/sql.ts';

const Line = z.object({ id: z.string(), quantity: z.number() });

describe('parseRows', () => {
  test('returns the rows as the schema reads them', () => {
    expect(parseRows(Line, [{ id: 'a', quantity: 2, extra: true }])).toEqual([{ id: 'a', quantity: 2 }]);
  });

  test('a renamed column fails with the name the schema expects', () => {
    const error: unknown = (() => {
      try {
        return parseRows(Line, [
          { id: 'a', quantity: 1 },
          { id: 'b', qty: 2 },
        ]);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RowShapeError);
    expect((error as RowShapeError).row).toBe(1);
    expect((error as Error).message).toMatch(/^query row 1 does not match its row schema: column "quantity": .*number/);
  });

  test('a retyped column fails with its name', () => {
    expect(() => parseRows(Line, [{ id: 7, quantity: 1 }])).toThrow(/column "id": .*string/);
  });

  test('a column inside a json document is named by its path', () => {
    const Row = z.object({ lines: json(z.array(Line)) });
    expect(() => parseRows(Row, [{ lines: '[{"id":"a","quantity":"1"}]' }])).toThrow(/column "lines\.0\.quantity"/);
    expect(() => parseRows(Row, [{ lines: 'not json' }])).toThrow(RowShapeError);
  });
});

describe('resultRows', () => {
  test('refuses a result without a rows array', () => {
    expect(() => resultRows({ rowCount: 1 })).toThrow(/without rows/);
    expect(resultRows({ rows: [{ n: 1 }] })).toEqual([{ n: 1 }]);
  });
});

describe('columns', () => {
  test("int8 reads PGlite's numbers and node-postgres's strings alike, and nothing else", () => {
    expect(int8.parse(12)).toBe(12);
    expect(int8.parse('12345678901')).toBe(12_345_678_901);
    expect(int8.safeParse('1.5').success).toBe(false);
    expect(int8.safeParse(null).success).toBe(false);
  });

  test('timestamp reads the text both drivers hand over, and Dates', () => {
    expect(timestamp.parse('2026-11-27 16:10:23.533482+00').toISOString()).toBe('2026-11-27T16:10:23.533Z');
    expect(timestamp.parse(new Date(0)).getTime()).toBe(0);
    expect(timestamp.safeParse('soon').success).toBe(false);
  });
});

// ---------------------------------------------------------------- the rule over the source tree

const ROOTS = ['src/lib/server', 'scripts', 'bench'];
/** The one place that reads a driver's rows, to parse them. */
const HELPER = join('src', 'lib', 'server', 'db', 'sql.ts');

const UNCHECKED: [RegExp, string][] = [
  [/as unknown as\s*\{\s*rows\b/, 'casts a query result to { rows }'],
  [/(?<!\.\.)\.rows\b/, "reads a driver result's rows around the row schema"],
  [/\{\s*rows\s*\}\s*=\s*await\b/, "takes a driver result's rows around the row schema"],
  [/\brows<(?!S extends)/, 'declares a row type without a row schema'],
  [/\.query<\s*[{A-Z]/, 'declares a row type of a pg query without a row schema'],
];

function sources(): string[] {
  return ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|mts|tsx)$/.test(file))
      .map((file) => join(root, file)),
  );
}

function uncheckedUses(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      UNCHECKED.filter(([pattern]) => pattern.test(line)).map(([, what]) => `${index + 1}: ${what}: ${line.trim()}`),
    );
}

describe('query results in server code, scripts and benchmarks', () => {
  test('the rule recognises the unchecked forms it forbids', () => {
    const before = [
      'const [row] = (result as unknown as { rows: { next: string }[] }).rows;',
      'const found = await rows<{ id: number }>(db, sql`select id from products`);',
      'const n = Number((await client.query<{ n: string }>(query)).rows[0]!.n);',
      'const { rows } = await pool.query(text);',
    ];
    expect(before.map(uncheckedUses).every((found) => found.length > 0)).toBe(true);
    expect(uncheckedUses('const found = await rows(db, IdRow, sql`select id from products`);')).toEqual([]);
    expect(uncheckedUses('const all = [...rows.values()];')).toEqual([]);
  });

  test('every query result is typed by the query builder or parsed by a row schema', () => {
    const files = sources().filter((file) => file !== HELPER);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) => uncheckedUses(readFileSync(file, 'utf8')).map((use) => `${file}:${use}`));
    expect(offenders, 'read rows through rows(db, schema, sql) or parseRows (src/lib/server/db/sql.ts)').toEqual([]);
  });
});
