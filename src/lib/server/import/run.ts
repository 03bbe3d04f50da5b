// One catalogue import from start to finish: each file read as a stream (its format told by its first
// bytes), each record checked, applied in batches with a savepoint per record (a refused record is
// rolled back alone and the rest applies), references written once all products are in, and one
// publish event naming what changed, then (when asked) the activation mails of new customers. --check
// and --strict run in one transaction that is rolled back (check always, strict when anything was
// refused), so they change nothing.
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { imports } from '../db/schema.ts';
import { audit, actorName, type Actor } from '../admin/index.ts';
import { publishAndPurge, type PublishAnswer } from '../publish/index.ts';
import { logger } from '../log.ts';
import { env } from '../env.ts';
import type { ParsedItem } from '#lib/import/record-contract.ts';
import { inviteCustomers } from './customer-invites.ts';
import type { ImportCounts, ReportLine } from './report.ts';
import { readRecords, type ImportSource } from './sources.ts';
import { mediaFiles } from './media-sources.ts';
import { offerAsFilters } from './feature-filters.ts';
import { BATCH, ImportRun, type Checked, type ImportOptions } from './run-state.ts';

export type { ImportOptions, ImportProgress } from './run-state.ts';

/** More changed products or categories than one publish event may name: every page is dropped instead. */
const PUBLISH_NAMED_LIMIT = 10_000;

export interface ImportResult {
  id: string;
  status: 'done' | 'failed';
  counts: ImportCounts;
  report: ReportLine[];
  /** Report lines beyond the stored limit. */
  omitted: number;
  /** Whether anything was written (false for --check, a rolled-back --strict run and a run that changed nothing). */
  changed: boolean;
  published: PublishAnswer | null;
  /** Attribute codes the run's new features added to the listings' filters. */
  newFilters: string[];
  /** Activation mails sent to new customers (with the invite option). */
  invited: number;
  error?: string;
}

class RolledBack extends Error {}

/** Reads and applies everything; in one transaction when the run may have to be undone. */
async function applyAll(
  run: ImportRun,
  db: Db,
  items: AsyncIterable<ParsedItem>,
  save: () => Promise<void>,
): Promise<void> {
  const { check = false, strict = false } = run.options;
  const allOrNothing = check || strict;
  const inBatches = async (tx: Db | null) => {
    let batch: Checked[] = [];
    const flush = async () => {
      if (tx) await run.applyBatch(tx, batch);
      else await db.transaction((t) => run.applyBatch(t as unknown as Db, batch));
      batch = [];
      // The progress is written beside the run, not in it. Inside an all-or-nothing run's transaction
      // that write would wait forever on PGlite (one transaction at a time: the write waits for the
      // transaction, which waits for the write), and with it every request of the shop; such a run's
      // counts are written once, when it ends.
      if (!tx) await save();
      run.progress();
    };
    for await (const item of run.checked(items)) {
      batch.push(item);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    if (tx) await run.writeReferences(tx);
    else await db.transaction((t) => run.writeReferences(t as unknown as Db));
  };
  if (!allOrNothing) return inBatches(null);
  await db.transaction(async (tx) => {
    await inBatches(tx as unknown as Db);
    if (check || run.report.counts.refused > 0) throw new RolledBack();
  });
}

/** Products an import must have written before the catalogue's planner statistics are read again. */
const ANALYZE_AFTER_PRODUCTS = 1_000;

/**
 * Planner statistics for the catalogue tables. PGlite runs no autovacuum, and PostgreSQL's analyses
 * when it gets round to it: until then the planner takes a freshly imported catalogue for the empty
 * one and misjudges every join (a filtered listing in SQL: 142 ms before, 26 ms after, at 10,000
 * products). About a second at 100,000 products, so only after a large import.
 */
async function analyzeCatalogue(db: Db): Promise<void> {
  await db.execute(sql`analyze products, product_categories, product_attributes, prices, stock, categories`);
}

/** What the publish event names: the changed products and categories, or everything past the limit. */
function changesOf(run: ImportRun): { all: true } | { products?: number[]; categories?: number[] } | null {
  if (run.products.size === 0 && run.categories.size === 0) return null;
  if (run.products.size > PUBLISH_NAMED_LIMIT || run.categories.size > PUBLISH_NAMED_LIMIT) return { all: true };
  return {
    ...(run.products.size > 0 ? { products: [...run.products] } : {}),
    ...(run.categories.size > 0 ? { categories: [...run.categories] } : {}),
  };
}

/** Stores the run's row (once: an upload stores it before its turn comes). Returns the files' names. */
export async function recordImport(
  db: Db,
  id: string,
  names: readonly string[],
  options: Pick<ImportOptions, 'actor' | 'check' | 'strict'>,
): Promise<string> {
  const fileName = names.join(', ');
  await db
    .insert(imports)
    .values({
      id,
      status: 'running',
      fileName,
      checkOnly: options.check ?? false,
      strict: options.strict ?? false,
      actor: actorName(options.actor),
    })
    .onConflictDoNothing();
  return fileName;
}

export async function runImport(
  db: Db,
  sources: readonly ImportSource[],
  options: ImportOptions,
): Promise<ImportResult> {
  const run = new ImportRun(options);
  for (const source of sources) run.media.set(source.name, mediaFiles(source.folder));
  const items = readRecords(sources, {
    today: options.today,
    country: env().DEFAULT_COUNTRY,
    onProgress: run.progress,
  });
  return execute(
    db,
    run,
    sources.map((s) => s.name),
    items,
  );
}

/** Records sent in a request body (the ERP's price deltas): all or nothing, stored and reported as an import. */
export async function applyRecords(
  db: Db,
  name: string,
  records: readonly Record<string, unknown>[],
  actor: Actor,
): Promise<ImportResult> {
  async function* items(): AsyncGenerator<ParsedItem> {
    for (const [i, record] of records.entries()) yield { at: { file: name, line: i + 1 }, record };
  }
  return execute(db, new ImportRun({ actor, strict: true }), [name], items());
}

async function execute(
  db: Db,
  run: ImportRun,
  names: readonly string[],
  items: AsyncIterable<ParsedItem>,
): Promise<ImportResult> {
  const { options } = run;
  const id = options.id ?? randomUUID();
  const fileName = await recordImport(db, id, names, options);
  const save = async () => {
    await db.update(imports).set({ counts: run.report.counts }).where(eq(imports.id, id));
  };

  let error: string | undefined;
  let rolledBack = false;
  try {
    await applyAll(run, db, items, save);
  } catch (e) {
    if (e instanceof RolledBack) rolledBack = true;
    else {
      logger.error({ err: e, import: id }, 'import failed');
      error = e instanceof Error ? e.message : String(e);
    }
  }
  // An all-or-nothing run that failed was rolled back too; a batched one keeps (and publishes) its committed batches.
  const committed = !rolledBack && !(error !== undefined && (options.check || options.strict));
  const changes = committed ? changesOf(run) : null;
  if (committed && run.products.size >= ANALYZE_AFTER_PRODUCTS) await analyzeCatalogue(db);
  const published = changes ? await publishAndPurge(changes, { source: 'import' }, { db }) : null;
  const newFilters = committed ? await offerAsFilters(db, options.actor, run.ctx.createdAttributes) : [];
  const invites = committed && !options.check ? await inviteCustomers(db, run.newCustomers) : { sent: 0, failed: [] };
  for (const { file, line, ...failure } of invites.failed) run.report.note({ file, line }, failure);
  const status = error === undefined ? 'done' : 'failed';
  await db.transaction(async (tx) => {
    await tx
      .update(imports)
      .set({
        status,
        counts: run.report.counts,
        report: run.report.lines,
        error: error ?? null,
        finishedAt: new Date(),
      })
      .where(eq(imports.id, id));
    if (!rolledBack)
      await audit(tx as unknown as Db, options.actor, {
        action: 'import.run',
        target: `import:${id}`,
        details: { files: fileName, counts: run.report.counts, error: error ?? null },
      });
  });
  return {
    id,
    status,
    counts: run.report.counts,
    report: run.report.lines,
    omitted: run.report.omitted,
    changed: changes !== null || (committed && run.customersChanged),
    published,
    newFilters,
    invited: invites.sent,
    ...(error === undefined ? {} : { error }),
  };
}
