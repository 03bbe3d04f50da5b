// The embedded database on its own thread (src/lib/server/db/pglite-thread.ts): the main thread stays
// free while a statement runs, and what crosses the threads (results, PostgreSQL's error fields,
// transactions, notifications, the data directory) arrives as it did from PGlite in process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '#lib/server/db/client.ts';
import { pgError } from '#lib/server/db/errors.ts';
import { ThreadedPglite } from '#lib/server/db/pglite-thread.ts';

let database: Database;

/** The rows of a statement (the shop's Db type leaves the driver's result shape open). */
async function rowsOf(db: Database, query: ReturnType<typeof sql>): Promise<unknown[]> {
  return ((await db.db.execute(query)) as unknown as { rows: unknown[] }).rows;
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`create table things (id int primary key, label text not null)`);
}, 60_000);

afterAll(() => database?.close());

describe('the embedded database on its own thread', () => {
  it('leaves the main thread free while a long statement runs', async () => {
    // A statement PostgreSQL needs a second or more for. In process, PGlite ran it synchronously on
    // the main thread, so the timer below could only fire after it: the order of the two is the test.
    const events: string[] = [];
    const slow = database.db
      .execute(sql`select count(*) from generate_series(1, 3000000) a, lateral (select md5(a::text)) b`)
      .then(() => events.push('statement done'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    events.push('timer fired');
    await slow;
    expect(events).toEqual(['timer fired', 'statement done']);
  });

  it("passes PostgreSQL's error fields across, so unique violations are recognised", async () => {
    await database.db.execute(sql`insert into things values (1, 'one')`);
    const failure = await database.db.execute(sql`insert into things values (1, 'again')`).catch((e: unknown) => e);
    expect(pgError(failure)).toMatchObject({ code: '23505', constraint: 'things_pkey' });
  });

  it('commits a transaction that resolves, rolls back one that throws, and others wait for it', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things values (2, 'two')`);
    });
    const thrown = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into things values (3, 'three')`);
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(thrown).toBe('changed my mind');
    // A statement outside the transaction, sent while it is open, sees it only once committed.
    let outside: Promise<unknown[]> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into things values (4, 'four')`);
      outside = rowsOf(database, sql`select count(*)::int as n from things`);
      await tx.execute(sql`update things set label = 'FOUR' where id = 4`);
    });
    expect(await outside).toEqual([{ n: 3 }]);
    expect(await rowsOf(database, sql`select id, label from things order by id`)).toEqual([
      { id: 1, label: 'one' },
      { id: 2, label: 'two' },
      { id: 4, label: 'FOUR' },
    ]);
  });

  it('keeps timestamps as the database wrote them, and parses JSON and numbers', async () => {
    const row = await rowsOf(
      database,
      sql`select timestamptz '2026-01-02 03:04:05+00' as at, '{"a":[1]}'::jsonb as doc, 12345678901::int8 as big`,
    );
    expect(row).toEqual([{ at: '2026-01-02 03:04:05+00', doc: { a: [1] }, big: 12345678901 }]);
  });

  it('delivers notifications to the listener until it unlistens', async () => {
    const received: string[] = [];
    const unlisten = await database.listen('thread_test', (payload) => received.push(payload));
    await database.db.execute(sql`select pg_notify('thread_test', 'first')`);
    await expect.poll(() => received).toEqual(['first']);
    await unlisten();
    await database.db.execute(sql`select pg_notify('thread_test', 'second')`);
    await database.db.execute(sql`select 1`);
    expect(received).toEqual(['first']);
  });

  it('dumps the data directory, which another database starts from', async () => {
    const copy = await openDatabase({ dataDir: 'memory://', loadDataDir: await database.dump!() });
    try {
      expect(await rowsOf(copy, sql`select count(*)::int as n from things`)).toEqual([{ n: 3 }]);
    } finally {
      await copy.close();
    }
  });

  it('fails every statement, clearly, once the database is closed', async () => {
    const client = await ThreadedPglite.open({ dir: 'memory://' });
    await client.close();
    await expect(client.query('select 1')).rejects.toThrow('the embedded database is closed');
  });

  it('a thread that dies (here: out of memory on a huge result) fails the statement and is reported lost', async () => {
    const lost: Error[] = [];
    const client = await ThreadedPglite.open({ dir: 'memory://' }, (error) => lost.push(error), {
      maxOldGenerationSizeMb: 48,
    });
    await expect(client.query(`select repeat('x', 1000000) from generate_series(1, 400)`)).rejects.toThrow();
    expect(lost).toHaveLength(1);
    await expect(client.query('select 1')).rejects.toThrow();
    // Closing what is already lost is no second loss.
    await client.close();
    expect(lost).toHaveLength(1);
  });

  it('a database closed on purpose is not reported lost', async () => {
    const lost: Error[] = [];
    const client = await ThreadedPglite.open({ dir: 'memory://' }, (error) => lost.push(error));
    await client.close();
    expect(lost).toEqual([]);
  });

  it('rejects opening a data directory PGlite cannot use with its reason', async () => {
    await expect(ThreadedPglite.open({ dir: 'memory://', loadDataDir: new Blob(['not a tarball']) })).rejects.toThrow();
  });
});
