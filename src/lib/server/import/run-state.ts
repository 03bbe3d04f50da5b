// One import's state while it runs, and how it applies records: each record checked against the
// record schema, products and placements a run of them at a time (set-based, halved until the one
// record the database refuses is found), everything else one record at a time in a savepoint of its
// own, and what changed collected for the publish event. run.ts drives it from start to finish.
import type { Db } from '../db/client.ts';
import type { Actor } from '../admin/index.ts';
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
import type { NewCustomer } from './customer-invites.ts';
import { writeReferences, type PendingReferences } from './reference-writes.ts';
import { ImportReport, RecordRefused, type ImportCounts } from './report.ts';
import type { MediaFiles } from './media-sources.ts';

/** Records per transaction: big enough to amortise commits, small enough to keep a batch's locks brief. */
export const BATCH = 500;

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

export interface Checked {
  at: SourcePosition;
  record: ImportRecord;
}

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

export class ImportRun {
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
}
