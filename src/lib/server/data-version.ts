// A version string for the catalogue and content: the seed and every publish bump it, and the
// static site records which version it was built from.
import { eq, sql } from 'drizzle-orm';
import { meta } from './db/schema.ts';
import type { Db } from './db/client.ts';

const KEY = 'dataVersion';

export async function readDataVersion(db: Db): Promise<string> {
  const [row] = await db.select().from(meta).where(eq(meta.key, KEY));
  return row ? String(row.value) : '0';
}

export async function bumpDataVersion(db: Db): Promise<string> {
  const version = `${Date.now()}`;
  await db.insert(meta).values({ key: KEY, value: version })
    .onConflictDoUpdate({ target: meta.key, set: { value: sql`excluded.value` } });
  return version;
}

