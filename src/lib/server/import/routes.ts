// The import API (README, "Bring your catalogue"): uploads of catalogue files, their progress and
// reports, and the ERP's stock and price deltas. A bearer token with the scope catalog:write, or a
// signed-in admin of the workspace (an editor changes content, not the catalogue's data).
import type { APIContext } from 'astro';
import { desc, eq } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { getDb } from '../db/index.ts';
import { imports } from '../db/schema.ts';
import { ApiError, json, parseInput, rawEndpoint, readJson } from '../http.ts';
import { MAX_DELTA_BODY_BYTES } from '../body-limit.ts';
import { apiCallerOf, type Actor } from '../admin/index.ts';
import { text } from '#lib/http/fields.ts';
import { externalId, importPricesSchema } from '#lib/import/record-contract.ts';
import { applyRecords } from './run.ts';
import { reportCsv } from './report.ts';
import { applyStockDelta } from './stock-delta.ts';
import { startUpload } from './uploads.ts';

/** Items per delta call: one transaction an ERP can retry whole. */
const MAX_DELTA_ITEMS = 10_000;
/** Imports the list shows. */
const RECENT_IMPORTS = 20;

async function importer(db: Db, context: APIContext): Promise<Actor> {
  const actor = await apiCallerOf(db, context, 'catalog:write');
  if (actor.kind === 'staff' && actor.role !== 'admin')
    throw new ApiError('FORBIDDEN', 'Only an admin may import catalogue data.', 403);
  return actor;
}

const flag = (value: string | null) => value === '1' || value === 'true';
const fileNameSchema = text({ max: 200 }).trim().min(1);

const summary = (row: typeof imports.$inferSelect) => ({
  id: row.id,
  status: row.status,
  fileName: row.fileName,
  check: row.checkOnly,
  strict: row.strict,
  actor: row.actor,
  counts: row.counts,
  error: row.error,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

async function importRow(db: Db, id: string | undefined) {
  const [row] = id ? await db.select().from(imports).where(eq(imports.id, id)) : [];
  if (!row) throw new ApiError('IMPORT_NOT_FOUND', 'There is no such import.', 404);
  return row;
}

const stockBody = z
  .object({
    items: z
      .array(z.object({ sku: externalId, stock: z.number().int().min(0).max(2_147_483_647) }).strict())
      .min(1)
      .max(MAX_DELTA_ITEMS),
  })
  .strict();
const pricesBody = z
  .object({
    items: z
      .array(importPricesSchema.omit({ kind: true }))
      .min(1)
      .max(MAX_DELTA_ITEMS),
  })
  .strict();

export const importApi = {
  /**
   * POST /api/admin/imports?name=catalog.xml&check=1&strict=1&invite=1, the file as the body: 202 and
   * the id. invite: new customers are mailed the link that sets their password.
   */
  upload: rawEndpoint(async (context) => {
    const db = await getDb();
    const actor = await importer(db, context);
    const { searchParams } = context.url;
    const fileName = parseInput(searchParams.get('name') ?? 'upload', fileNameSchema);
    const id = await startUpload(db, actor, context.request, {
      fileName,
      check: flag(searchParams.get('check')),
      strict: flag(searchParams.get('strict')),
      invite: flag(searchParams.get('invite')),
    });
    return json(
      { id, status: 'running', href: `/api/admin/imports/${id}` },
      { status: 202, headers: { location: `/api/admin/imports/${id}` } },
    );
  }),
  list: rawEndpoint(async (context) => {
    const db = await getDb();
    await importer(db, context);
    const recent = await db.select().from(imports).orderBy(desc(imports.startedAt)).limit(RECENT_IMPORTS);
    return json({ imports: recent.map(summary) });
  }),
  one: rawEndpoint(async (context) => {
    const db = await getDb();
    await importer(db, context);
    const row = await importRow(db, context.params.id);
    return json({ ...summary(row), report: row.report });
  }),
  reportCsv: rawEndpoint(async (context) => {
    const db = await getDb();
    await importer(db, context);
    const row = await importRow(db, context.params.id);
    return new Response(reportCsv(row.report), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="import-${row.id}.csv"`,
        'cache-control': 'private, no-store',
      },
    });
  }),
  /** PUT /api/admin/stock: { items: [{ sku, stock }] }, all or nothing. */
  stock: rawEndpoint(async (context) => {
    const db = await getDb();
    const actor = await importer(db, context);
    const { items } = parseInput(await readJson(context.request, MAX_DELTA_BODY_BYTES), stockBody);
    const { updated, unchanged, published } = await applyStockDelta(db, actor, items);
    return json({ updated, unchanged, published: published?.id ?? null });
  }),
  /** PUT /api/admin/prices: { items: [{ sku, prices: [{ list, currency, cents, minQuantity }] }] }, all or nothing. */
  prices: rawEndpoint(async (context) => {
    const db = await getDb();
    const actor = await importer(db, context);
    const { items } = parseInput(await readJson(context.request, MAX_DELTA_BODY_BYTES), pricesBody);
    const result = await applyRecords(
      db,
      'prices',
      items.map((i) => ({ kind: 'prices', ...i })),
      actor,
    );
    if (result.status === 'failed') throw new Error(result.error);
    if (result.counts.refused > 0)
      throw new ApiError('IMPORT_REFUSED', 'Some items were refused; nothing was changed.', 422, {
        import: result.id,
        report: result.report,
      });
    return json({
      import: result.id,
      updated: result.counts.updated,
      unchanged: result.counts.unchanged,
      published: result.published?.id ?? null,
    });
  }),
};
