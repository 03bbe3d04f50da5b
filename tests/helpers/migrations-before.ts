// The migrations folder as it was before one migration: a copy whose journal and files end just before
// it, so a migration test can fill a database the way it looked then and watch the migration carry it over.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS = fileURLToPath(new URL('../../src/lib/server/db/migrations/', import.meta.url));

/** A temporary copy of the migrations up to (not including) number `idx`; remove it when done. */
export function migrationsBefore(idx: number): string {
  const dir = mkdtempSync(join(tmpdir(), `migrations-before-${idx}-`));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const kept = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: kept }));
  const keptFiles = new Set(kept.map((e) => `${e.tag}.sql`));
  for (const file of readdirSync(dir)) if (file.endsWith('.sql') && !keptFiles.has(file)) rmSync(join(dir, file));
  return dir;
}

/** Migrates `database` as it was before migration `idx` (the MIGRATIONS_DIR the client reads). */
export async function migrateBefore(database: { migrate(): Promise<unknown> }, idx: number): Promise<string> {
  const dir = migrationsBefore(idx);
  process.env.MIGRATIONS_DIR = dir;
  try {
    await database.migrate();
  } finally {
    delete process.env.MIGRATIONS_DIR;
  }
  return dir;
}
