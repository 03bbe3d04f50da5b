// The recent imports and one import with its report, as the workspace's Import page renders them on
// the server: the same rows and shape the import API answers with (GET /api/admin/imports[/{id}]).
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { imports } from '../db/schema.ts';
import { importCounts, type ImportDetail, type ImportSummary } from '#lib/import/run-summary.ts';

/** Imports the list shows. */
const RECENT_IMPORTS = 20;

type ImportRow = typeof imports.$inferSelect;

const importSummary = (row: ImportRow): ImportSummary => ({
  id: row.id,
  status: row.status,
  fileName: row.fileName,
  check: row.checkOnly,
  strict: row.strict,
  actor: row.actor,
  counts: importCounts(row.counts),
  error: row.error,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** The last RECENT_IMPORTS imports, newest first. */
export async function recentImports(db: Db): Promise<ImportSummary[]> {
  const rows = await db.select().from(imports).orderBy(desc(imports.startedAt)).limit(RECENT_IMPORTS);
  return rows.map(importSummary);
}

/** One import with its report, or null when there is no such import. */
export async function importDetail(db: Db, id: string): Promise<ImportDetail | null> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id));
  return row ? { ...importSummary(row), report: row.report } : null;
}
