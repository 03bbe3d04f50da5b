// One catalogue import from start to finish: each file read as a stream (its format told by its first
// bytes), each record checked, applied in batches with a savepoint per record (a refused record is
// rolled back alone and the rest applies), references written once all products are in, and one
// publish event naming what changed, then (when asked) the activation mails of new customers. --check
// and --strict run in one transaction that is rolled back (check always, strict when anything was
// refused), so they change nothing.
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { imports } from '../db/schema.ts';
import { audit, actorName, type Actor } from '../admin/index.ts';
import { publishAndPurge, type PublishAnswer } from '../publish/index.ts';
import { logger } from '../log.ts';
import {
  importRecordSchema,
  type ImportProduct,
  type ImportRecord,
  type ParsedItem,
  type SourcePosition,
} from '#lib/import/record-contract.ts';
import { ImportContext } from './context.ts';
import { applyCategory } from './category-writes.ts';
import { applyDeletion, applyProducts, categoryIds, knownProduct, placeProducts } from './product-writes.ts';
import { replacePrices, setStock } from './price-writes.ts';
import { applyCustomer } from './customer-writes.ts';
import { inviteCustomers, type NewCustomer } from './customer-invites.ts';
import { writeReferences, type PendingReferences } from './reference-writes.ts';
import { ImportReport, RecordRefused, type ImportCounts, type ReportLine } from './report.ts';
import { readRecords, type ImportSource } from './sources.ts';
import { mediaFiles, type MediaFiles } from './media-sources.ts';
import { offerAsFilters } from './feature-filters.ts';

/** Records per transaction: big enough to amortise commits, small enough to keep a batch's locks brief. */
const BATCH = 500;
/** More changed products or categories than one publish event may name: every page is dropped instead. */
const PUBLISH_NAMED_LIMIT = 10_000;

export interface ImportOptions {
  actor: Actor;
  /** Validate only: nothing is written. */
  check?: boolean;
  /** All or nothing: a single refused record leaves the shop as it was. */
  strict?: boolean;
  /** Mail each new customer the link that sets its password (after the writes are committed). */
  invite?: boolean;
  /** The day prices must be valid on (BMEcat validity dates). */
  today?: Date;
  /** The id to store the run under (the API answers with it before the run ends). */
  id?: string;
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportProgress {
  file: string;
  bytesRead: number;
  bytesTotal: number | undefined;
  counts: ImportCounts;
}

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

interface Checked {
  at: SourcePosition;
  record: ImportRecord;
}

class RolledBack extends Error {}

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint): the records' fault, not the database's. */
const isDataError = (error: unknown): boolean => {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
};

/** Identifies a record in report lines: a product's sku, a category's group id or a customer number. */
const recordId = (record: Record<string, unknown>): string | undefined =>
  [record.sku, record.id, record.customernum].find((id) => typeof id === 'string') as string | undefined;

class ImportRun {
  readonly report = new ImportReport();
  readonly ctx = new ImportContext();
  readonly products = new Set<number>();
  readonly categories = new Set<number>();
  readonly references: PendingReferences[] = [];
  /** Customers created, to be invited once committed (one a rollback took back is skipped then). */
  readonly newCustomers: NewCustomer[] = [];
  /** Customers publish nothing (no page shows them), so whether any changed is kept apart. */
  customersChanged = false;
  /** Each file's pictures and data sheets (from its folder or the web). */
  readonly media = new Map<string, MediaFiles>();

  readonly options: ImportOptions;

  constructor(options: ImportOptions) {
    this.options = options;
  }

  /** Checks each parsed item against the record schema; faults and refusals go to the report. */
  async *checked(items: AsyncIterable<ParsedItem>): AsyncGenerator<Checked> {
    for await (const item of items) {
      this.report.counts.read++;
      if ('fault' in item) {
        this.report.refuse(item.at, [item.fault]);
        continue;
      }
      const parsed = importRecordSchema.safeParse(item.record);
      if (parsed.success) {
        yield { at: item.at, record: parsed.data };
        continue;
      }
      const id = recordId(item.record);
      this.report.refuse(
        item.at,
        parsed.error.issues.map((issue) => ({ id, field: issue.path.join('.') || undefined, reason: issue.message })),
      );
    }
  }

  private read: Omit<ImportProgress, 'counts'> = { file: '', bytesRead: 0, bytesTotal: undefined };

  /** Reports the bytes read so far (from the reader) or, without an argument, the counts after a batch. */
  readonly progress = (read?: Omit<ImportProgress, 'counts'>): void => {
    if (read) this.read = read;
    this.options.onProgress?.({ ...this.read, counts: { ...this.report.counts } });
  };

  /** Products and placements a run of them at a time (set-based); everything else one record at a time. */
  async applyBatch(tx: Db, batch: readonly Checked[]): Promise<void> {
    for (let i = 0; i < batch.length;) {
      const kind = batch[i]!.record.kind;
      if (kind !== 'product' && kind !== 'placement') {
        await this.applyOne(tx, batch[i]!);
        i++;
        continue;
      }
      let end = i;
      while (end < batch.length && batch[end]!.record.kind === kind) end++;
      await this.applyGroup(tx, batch.slice(i, end));
      i = end;
    }
  }

  private refuse(item: Checked, error: RecordRefused): void {
    this.report.refuse(item.at, [{ id: recordId(item.record), field: error.field, reason: error.message }]);
  }

  private async applyOne(tx: Db, item: Checked): Promise<void> {
    try {
      await tx.transaction((sp) => this.apply(sp as unknown as Db, item));
    } catch (error) {
      if (!(error instanceof RecordRefused)) throw error;
      this.ctx.forget();
      this.refuse(item, error);
    }
  }

  /**
   * A run of products or placements in one savepoint. When the database refuses a statement of the
   * run (a value it will not store), the run is halved until the one record it refuses is found.
   */
  private async applyGroup(tx: Db, group: readonly Checked[]): Promise<void> {
    try {
      await tx.transaction((sp) =>
        group[0]!.record.kind === 'product'
          ? this.applyProducts(sp as unknown as Db, group)
          : this.applyPlacements(sp as unknown as Db, group),
      );
    } catch (error) {
      if (!isDataError(error)) throw error;
      this.ctx.forget();
      if (group.length === 1)
        return this.refuse(
          group[0]!,
          new RecordRefused(undefined, `The database refused it: ${(error as Error).message}`),
        );
      const half = Math.ceil(group.length / 2);
      await this.applyGroup(tx, group.slice(0, half));
      await this.applyGroup(tx, group.slice(half));
    }
  }

  private async applyProducts(tx: Db, group: readonly Checked[]): Promise<void> {
    const items = group.map(({ at, record }) => ({
      at,
      record: record as ImportProduct,
      media: this.media.get(at.file),
    }));
    const results = await applyProducts(tx, items, this.ctx);
    // Counted only now that every statement of the run succeeded: a halved run is counted once.
    results.forEach((result, i) => {
      const { at, record } = items[i]!;
      if ('refused' in result) return this.refuse(group[i]!, result.refused);
      const { change } = result;
      for (const note of change.notes) this.report.note(at, note);
      if (change.outcome !== 'unchanged') this.products.add(change.id);
      for (const c of change.categories) this.categories.add(c);
      // A new product without references has none to write or replace.
      if (change.references && (change.outcome === 'updated' || record.references.length > 0))
        this.references.push({
          at,
          sku: record.sku,
          productId: change.id,
          existed: change.outcome === 'updated',
          references: record.references,
        });
      this.report.count(change.outcome);
    });
  }

  private async applyPlacements(tx: Db, group: readonly Checked[]): Promise<void> {
    const ready: { item: Checked; id: number; categories: number[] }[] = [];
    for (const item of group) {
      const record = item.record as Extract<ImportRecord, { kind: 'placement' }>;
      try {
        const id = await knownProduct(tx, record.sku, this.ctx);
        ready.push({ item, id, categories: await categoryIds(tx, record.categories, this.ctx) });
      } catch (error) {
        if (!(error instanceof RecordRefused)) throw error;
        this.refuse(item, error);
      }
    }
    const touched = await placeProducts(tx, ready);
    for (const { id } of ready) {
      for (const c of touched.get(id) ?? []) this.categories.add(c);
      this.countDelta(id, touched.has(id));
    }
  }

  private async apply(tx: Db, { at, record }: Checked): Promise<void> {
    switch (record.kind) {
      case 'category': {
        const { outcome, id } = await applyCategory(tx, record, this.ctx);
        if (outcome !== 'unchanged') this.categories.add(id);
        return this.report.count(outcome);
      }
      case 'delete': {
        const { outcome, id } = await applyDeletion(tx, record.sku, this.ctx);
        if (outcome !== 'unchanged') this.products.add(id);
        return this.report.count(outcome);
      }
      case 'prices': {
        const id = await knownProduct(tx, record.sku, this.ctx);
        return this.countDelta(id, await replacePrices(tx, id, record.prices, this.ctx));
      }
      case 'stock': {
        const id = await knownProduct(tx, record.sku, this.ctx);
        return this.countDelta(id, await setStock(tx, id, record.stock));
      }
      case 'customer': {
        const { outcome, id } = await applyCustomer(tx, record, this.ctx);
        if (outcome === 'created' && this.options.invite) this.newCustomers.push({ id, at });
        if (outcome !== 'unchanged') this.customersChanged = true;
        return this.report.count(outcome);
      }
      case 'product':
      case 'placement':
        throw new Error(`${record.kind} records are applied in runs (applyGroup)`);
    }
  }

  private countDelta(productId: number, changed: boolean): void {
    if (changed) this.products.add(productId);
    this.report.count(changed ? 'updated' : 'unchanged');
  }

  /** References once every product is in, a batch at a time. */
  async writeReferences(tx: Db): Promise<void> {
    for (let i = 0; i < this.references.length; i += BATCH) {
      const notes = await writeReferences(tx, this.references.slice(i, i + BATCH));
      for (const { at, ...note } of notes) this.report.note(at, note);
    }
  }

  /** Reads and applies everything; in one transaction when the run may have to be undone. */
  async applyAll(db: Db, items: AsyncIterable<ParsedItem>, save: () => Promise<void>): Promise<void> {
    const { check = false, strict = false } = this.options;
    const allOrNothing = check || strict;
    const inBatches = async (tx: Db | null) => {
      let batch: Checked[] = [];
      const flush = async () => {
        if (tx) await this.applyBatch(tx, batch);
        else await db.transaction((t) => this.applyBatch(t as unknown as Db, batch));
        batch = [];
        // The progress is written beside the run, not in it. Inside an all-or-nothing run's transaction
        // that write would wait forever on PGlite (one transaction at a time: the write waits for the
        // transaction, which waits for the write), and with it every request of the shop; such a run's
        // counts are written once, when it ends.
        if (!tx) await save();
        this.progress();
      };
      for await (const item of this.checked(items)) {
        batch.push(item);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      if (tx) await this.writeReferences(tx);
      else await db.transaction((t) => this.writeReferences(t as unknown as Db));
    };
    if (!allOrNothing) return inBatches(null);
    await db.transaction(async (tx) => {
      await inBatches(tx as unknown as Db);
      if (check || this.report.counts.refused > 0) throw new RolledBack();
    });
  }

  changes(): { all: true } | { products?: number[]; categories?: number[] } | null {
    if (this.products.size === 0 && this.categories.size === 0) return null;
    if (this.products.size > PUBLISH_NAMED_LIMIT || this.categories.size > PUBLISH_NAMED_LIMIT) return { all: true };
    return {
      ...(this.products.size > 0 ? { products: [...this.products] } : {}),
      ...(this.categories.size > 0 ? { categories: [...this.categories] } : {}),
    };
  }
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
  const items = readRecords(sources, { today: options.today, onProgress: run.progress });
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
    await run.applyAll(db, items, save);
  } catch (e) {
    if (e instanceof RolledBack) rolledBack = true;
    else {
      logger.error({ err: e, import: id }, 'import failed');
      error = e instanceof Error ? e.message : String(e);
    }
  }
  // An all-or-nothing run that failed was rolled back too; a batched one keeps (and publishes) its committed batches.
  const committed = !rolledBack && !(error !== undefined && (options.check || options.strict));
  const changes = committed ? run.changes() : null;
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
