// References between products (BMEcat PRODUCT_REFERENCE): written after every product of the run is
// in, since a file may refer to a product it lists further down, and written a batch at a time.
// Accessories and spare parts become the accessories offered with the product; "consists of" the
// items included in its box; "similar" is not shown by the shop.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { literalList, literalRows, rows } from '../db/index.ts';
import type { ImportProduct, SourcePosition } from '#lib/import/record-contract.ts';
import type { ReportLine } from './report.ts';

export interface PendingReferences {
  at: SourcePosition;
  sku: string;
  productId: number;
  /** Whether the product existed before this run (it may have references to replace). */
  existed: boolean;
  references: ImportProduct['references'];
}

type Note = { at: SourcePosition } & Omit<ReportLine, 'file' | 'line'>;

const TargetRow = z.object({
  id: z.number(),
  key: z.string(),
  itemnum: z.string(),
  names: z.record(z.string(), z.string()).nullable(),
});

/** Replaces the products' accessories and included items; returns the references that could not be resolved. */
export async function writeReferences(tx: Db, batch: readonly PendingReferences[]): Promise<Note[]> {
  const notes: Note[] = [];
  const replaced = batch.filter((p) => p.existed || p.references.length > 0).map((p) => p.productId);
  if (replaced.length === 0) return notes;
  await tx.execute(sql`DELETE FROM product_accessories WHERE product_id IN (${literalList(replaced)})`);
  await tx.execute(sql`DELETE FROM product_included WHERE product_id IN (${literalList(replaced)})`);
  const wanted = [
    ...new Set(batch.flatMap((p) => p.references.filter((r) => r.type !== 'similar').map((r) => r.sku.toLowerCase()))),
  ];
  if (wanted.length === 0) return notes;
  const targets = new Map(
    (
      await rows(
        tx,
        TargetRow,
        sql`SELECT p.id, lower(p.sku) AS key, p.itemnum,
          (SELECT json_object_agg(t.locale, t.name) FROM product_translations t WHERE t.product_id = p.id) AS names
        FROM products p WHERE lower(p.sku) IN (${literalList(wanted)})`,
      )
    ).map((t) => [t.key, t]),
  );
  const accessories = new Map<string, unknown[]>();
  const included = new Map<string, unknown[]>();
  for (const pending of batch) {
    pending.references.forEach((ref, position) => {
      if (ref.type === 'similar') return;
      const target = targets.get(ref.sku.toLowerCase());
      if (!target || target.id === pending.productId) {
        notes.push({
          at: pending.at,
          id: pending.sku,
          field: 'references',
          reason: `The referenced product ${ref.sku} is not known; the reference was left out.`,
        });
        return;
      }
      if (ref.type === 'included') {
        const key = `${pending.productId}|${target.itemnum}`;
        if (!included.has(key))
          included.set(key, [pending.productId, target.itemnum, target.names ?? {}, ref.quantity, position]);
      } else {
        const key = `${pending.productId}|${target.id}`;
        if (!accessories.has(key)) accessories.set(key, [pending.productId, target.id, position]);
      }
    });
  }
  if (accessories.size > 0)
    await tx.execute(sql`INSERT INTO product_accessories (product_id, accessory_id, position)
      VALUES ${literalRows([...accessories.values()])}`);
  if (included.size > 0)
    await tx.execute(sql`INSERT INTO product_included (product_id, itemnum, names, quantity, position)
      VALUES ${literalRows([...included.values()])}`);
  return notes;
}
