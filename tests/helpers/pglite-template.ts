// The run's migrated PGlite (tests/setup/template-databases.ts) for helpers that make a database of
// their own: loading the copy takes a fraction of what initdb in WebAssembly and the migrations take.
// Outside Vitest (Playwright's specs share these helpers) there is none, and callers migrate as the
// shop does.
import { readFileSync } from 'node:fs';
import { openDatabase, type Database } from '#lib/server/db/client.ts';

let template: Blob | undefined;

async function migratedTemplate(): Promise<Blob | undefined> {
  if (!process.env.VITEST) return undefined;
  if (!template) {
    const { inject } = await import('vitest');
    template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  }
  return template;
}

/**
 * A migrated PGlite in `dataDir` (a folder, or 'memory://'), started from the run's template when there
 * is one; undefined outside Vitest. The migrate() is a no-op unless a migration was added since the run began.
 */
export async function openFromTemplate(dataDir: string): Promise<Database | undefined> {
  const loadDataDir = await migratedTemplate();
  if (!loadDataDir) return undefined;
  const database = await openDatabase({ dataDir, loadDataDir });
  await database.migrate();
  return database;
}
