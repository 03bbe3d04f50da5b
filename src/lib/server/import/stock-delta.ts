// Stock levels from the ERP, up to 10,000 a call, in one transaction of three set-based statements
// (a statement per item took seconds on the embedded database). Unknown skus refuse the whole call:
// an ERP sending a wrong number should hear of it, not have it half applied. The price index follows
// through its triggers; the products whose stock changed are published (their pages show availability).
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { ApiError } from '../http.ts';
import { audit, type Actor } from '../admin/index.ts';
import { publishAndPurge, type PublishAnswer } from '../publish/index.ts';

const ProductRow = z.object({ id: z.number(), sku: z.string() });
const ChangedRow = z.object({ product_id: z.number() });

export interface StockDelta {
  sku: string;
  stock: number;
}

export async function applyStockDelta(
  db: Db,
  actor: Actor,
  items: readonly StockDelta[],
): Promise<{ updated: number; unchanged: number; published: PublishAnswer | null }> {
  const wanted = new Map(items.map((i) => [i.sku.toLowerCase(), i.stock]));
  if (wanted.size !== items.length) throw new ApiError('VALIDATION_FAILED', 'Each sku may appear once per call.', 400);
  const skus = [...wanted.keys()];
  const changed = await db.transaction(async (tx) => {
    const found = await rows(
      tx,
      ProductRow,
      sql`select id, lower(sku) as sku from products where lower(sku) = any(${`{${skus.map((s) => JSON.stringify(s)).join(',')}}`}::text[])`,
    );
    if (found.length < skus.length) {
      const known = new Set(found.map((f) => f.sku));
      const missing = items.map((i) => i.sku).filter((s) => !known.has(s.toLowerCase()));
      throw new ApiError(
        'PRODUCT_NOT_FOUND',
        `There is no product ${missing.slice(0, 20).join(', ')}; nothing was changed.`,
        404,
        {
          missing,
        },
      );
    }
    const ids = `{${found.map((f) => f.id).join(',')}}`;
    const levels = `{${found.map((f) => wanted.get(f.sku)).join(',')}}`;
    await tx.execute(
      sql`insert into stock (product_id, effective_stock) select id, 0 from unnest(${ids}::int[]) as v(id) on conflict do nothing`,
    );
    const updated = await rows(
      tx,
      ChangedRow,
      sql`update stock s set effective_stock = v.level, updated_at = now()
        from unnest(${ids}::int[], ${levels}::int[]) as v(id, level)
        where s.product_id = v.id and s.effective_stock <> v.level
        returning s.product_id`,
    );
    await audit(tx as unknown as Db, actor, {
      action: 'api.stock',
      target: 'stock',
      details: { items: items.length, changed: updated.length },
    });
    return updated.map((r) => r.product_id);
  });
  const published =
    changed.length > 0 ? await publishAndPurge({ products: changed }, { source: 'import' }, { db }) : null;
  return { updated: changed.length, unchanged: items.length - changed.length, published };
}
