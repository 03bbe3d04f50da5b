// References between products (BMEcat PRODUCT_REFERENCE): written after every product of the run is
// in, since a file may refer to a product it lists further down. Accessories and spare parts become
// the accessories offered with the product; "consists of" the items included in its box.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productAccessories, productIncluded, products, productTranslations } from '../db/schema.ts';
import type { ImportProduct, SourcePosition } from '#lib/import/record.ts';
import type { LocalizedText } from '../db/schema.ts';
import type { ImportContext } from './context.ts';
import type { ReportLine } from './report.ts';

export interface PendingReferences {
  at: SourcePosition;
  sku: string;
  productId: number;
  references: ImportProduct['references'];
}

type Note = Omit<ReportLine, 'file' | 'line'>;

/** Replaces the product's accessories and included items; returns what could not be resolved. */
export async function writeReferences(tx: Db, pending: PendingReferences, ctx: ImportContext): Promise<Note[]> {
  const notes: Note[] = [];
  const resolved: { type: string; id: number; quantity: number }[] = [];
  for (const ref of pending.references) {
    if (ref.type === 'similar') continue;
    const id = await ctx.productId(tx, ref.sku);
    if (id === null || id === pending.productId) {
      notes.push({
        id: pending.sku,
        field: 'references',
        reason: `The referenced product ${ref.sku} is not known; the reference was left out.`,
      });
      continue;
    }
    resolved.push({ type: ref.type, id, quantity: ref.quantity });
  }
  await tx.delete(productAccessories).where(eq(productAccessories.productId, pending.productId));
  await tx.delete(productIncluded).where(eq(productIncluded.productId, pending.productId));
  const accessories = [...new Set(resolved.filter((r) => r.type !== 'included').map((r) => r.id))];
  if (accessories.length > 0)
    await tx
      .insert(productAccessories)
      .values(accessories.map((accessoryId, position) => ({ productId: pending.productId, accessoryId, position })));
  const included = resolved.filter((r) => r.type === 'included');
  if (included.length > 0) {
    const ids = included.map((r) => r.id);
    const [items, names] = await Promise.all([
      tx.select({ id: products.id, itemnum: products.itemnum }).from(products).where(inArray(products.id, ids)),
      tx
        .select({
          id: productTranslations.productId,
          locale: productTranslations.locale,
          name: productTranslations.name,
        })
        .from(productTranslations)
        .where(inArray(productTranslations.productId, ids)),
    ]);
    const rows = new Map<string, typeof productIncluded.$inferInsert>();
    included.forEach((r, position) => {
      const itemnum = items.find((i) => i.id === r.id)!.itemnum;
      const labels = Object.fromEntries(
        names.filter((n) => n.id === r.id).map((n) => [n.locale, n.name]),
      ) as LocalizedText;
      if (!rows.has(itemnum))
        rows.set(itemnum, { productId: pending.productId, itemnum, names: labels, quantity: r.quantity, position });
    });
    await tx.insert(productIncluded).values([...rows.values()]);
  }
  return notes;
}
