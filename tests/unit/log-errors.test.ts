// How an error is written into a log line (src/lib/server/log-errors.ts, the shop's `err` serializer):
// a failed query's parameters, PostgreSQL's `detail` and `where`, at any depth of the causes, never
// appear; the statement, the message, the stack's frames and PostgreSQL's code, constraint, table and
// column do. Real failing queries on PGlite and PostgreSQL are in tests/integration/order-total.test.ts.
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { pino } from 'pino';
import { describe, expect, test } from 'vitest';
import { logOptions } from '#lib/server/log.ts';

const EMAIL = 'very.private@example.com';
const STREET = 'Verborgene Gasse 13';

/** One line as the shop's logger writes it. */
function written(fields: Record<string, unknown>): { text: string; line: Record<string, unknown> } {
  let text = '';
  const logger = pino(
    logOptions,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    }),
  );
  logger.error(fields, 'endpoint failed');
  return { text, line: JSON.parse(text) as Record<string, unknown> };
}

/** An error as node-postgres and PGlite raise it: its fields enumerable, the row's values in `detail`. */
function postgresError(): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "customers_email_lower_idx"'), {
    code: '23505',
    constraint: 'customers_email_lower_idx',
    table: 'customers',
    column: undefined,
    severity: 'ERROR',
    detail: `Key (lower(email))=(${EMAIL}) already exists.`,
    where: `unnamed portal parameter $1 = '${STREET}'`,
    query: 'INSERT INTO customers (email) VALUES ($1)',
    params: [EMAIL, STREET],
    queryOptions: { rowMode: 'object' },
  });
}

describe('errorForLog', () => {
  test('a drizzle query error: the statement, message, frames and SQLSTATE, not the parameters or the row', () => {
    const query = 'INSERT INTO customers (email, street) VALUES ($1, $2) ON CONFLICT DO NOTHING -- $$ $& $1';
    const error = new DrizzleQueryError(query, [EMAIL, { street: STREET }], postgresError());
    const { text, line } = written({ err: error, path: '/api/orders/create' });
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(STREET);
    expect(line.err).toMatchObject({
      type: 'DrizzleQueryError',
      query,
      message: `Failed query: ${query}: duplicate key value violates unique constraint "customers_email_lower_idx"`,
      db: { code: '23505', constraint: 'customers_email_lower_idx', table: 'customers' },
    });
    const stack = (line.err as { stack: string }).stack;
    expect(stack.split('\n')[0]).toBe(`Error: Failed query: ${query}`);
    expect(stack).toMatch(/\n {4}at .*log-errors\.test\.ts/);
    expect(stack).toContain('caused by: Error: duplicate key value');
  });

  test('the parameters are gone however deep the query error sits, and from a message that repeats them', () => {
    const query = new DrizzleQueryError('SELECT $1::int', [EMAIL], postgresError());
    const outer = new Error(`order failed: ${query.message}`, {
      cause: new Error('transaction rolled back', { cause: query }),
    });
    const { text, line } = written({ err: outer });
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(STREET);
    expect(line.err).toMatchObject({ type: 'Error', db: { code: '23505' } });
    expect((line.err as { message: string }).message).toContain(
      'transaction rolled back: Failed query: SELECT $1::int',
    );
  });

  test("an error that is no query's is written as pino writes it, and the error itself is left as it was", () => {
    const error = Object.assign(new TypeError('fetch failed'), { code: 'ECONNREFUSED', port: 443 });
    const { line } = written({ err: error });
    expect(line.err).toMatchObject({ type: 'TypeError', message: 'fetch failed', code: 'ECONNREFUSED', port: 443 });
    expect(line.err).not.toHaveProperty('db');
    const query = new DrizzleQueryError('SELECT $1', [EMAIL], postgresError());
    written({ err: query });
    expect(query.params).toEqual([EMAIL]);
    expect(query.message).toContain(EMAIL);
  });
});
