// The drizzle snapshot of the newest migration describes the schema module exactly, as `drizzle-kit
// generate` compares them: a schema change without its migration and snapshot (or a snapshot left out
// because generate asked about a rename) fails here, not at the next developer's generate, which would
// otherwise write the missed change into an unrelated migration. Every migration in the journal has
// its snapshot, chained to the one before.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson } from 'drizzle-kit/api';
import { expect, test } from 'vitest';
import * as schema from '#lib/server/db/schema.ts';

const META = fileURLToPath(new URL('../../src/lib/server/db/migrations/meta/', import.meta.url));

interface Snapshot {
  id: string;
  prevId: string;
  _meta: unknown;
  [key: string]: unknown;
}

const read = <T>(file: string): T => JSON.parse(readFileSync(`${META}${file}`, 'utf8')) as T;
/** What generate compares: everything but the snapshot's identity and its record of renames. */
const described = ({ id: _id, prevId: _prevId, _meta, ...rest }: Snapshot) => rest;

test('every migration of the journal has a snapshot, each chained to the one before', () => {
  const { entries } = read<{ entries: { tag: string }[] }>('_journal.json');
  const files = readdirSync(META).filter((f) => f.endsWith('_snapshot.json'));
  const snapshots = entries.map(({ tag }) => `${tag.slice(0, 4)}_snapshot.json`);
  expect(
    snapshots.filter((f) => !files.includes(f)),
    'migrations without a snapshot',
  ).toEqual([]);
  const chain = snapshots.map((f) => read<Snapshot>(f));
  chain.slice(1).forEach((s, i) => expect(s.prevId, snapshots[i + 1]).toBe(chain[i]!.id));
});

test("the newest snapshot is the schema module's, so drizzle-kit generate finds nothing to migrate", () => {
  const newest = readdirSync(META)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort()
    .at(-1)!;
  const snapshot = read<Snapshot>(newest);
  expect(described(generateDrizzleJson(schema) as unknown as Snapshot)).toEqual(described(snapshot));
});
