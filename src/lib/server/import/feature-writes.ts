// Features (BMEcat FEATURE, a CSV feature column) become the shop's attributes: one attribute per
// feature name, created the first time a file uses it (filterable, shown in the details), and one
// value per product. A value with a unit is a measurement, formatted the shopper's way; a value
// without one is an option whose labels the file may give per language.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { z } from 'astro/zod';
import { literalList, literalRows, rows } from '../db/index.ts';
import { slugify } from '#lib/catalog/slug.ts';
import type { ImportProduct } from '#lib/import/record-contract.ts';
import { inEveryLocale } from './locales.ts';

type Feature = ImportProduct['features'][number];

/** The attribute code a feature name stands for (the filter's name in addresses). */
const featureCode = (name: string): string => slugify(name).slice(0, 64) || 'feature';

/** Replaces the products' attribute values with their records' features. Returns the codes of the attributes it created. */
export async function writeFeatures(
  tx: Db,
  products: readonly { id: number; features: readonly Feature[] }[],
): Promise<string[]> {
  if (products.length === 0) return [];
  const definitions = new Map<string, Feature>();
  const options = new Map<string, Feature>();
  const values = new Map<string, unknown[]>();
  for (const { id, features } of products)
    for (const f of features) {
      const code = featureCode(f.name);
      if (!definitions.has(code)) definitions.set(code, f);
      if (!f.unit && !options.has(`${code}\u0000${f.value}`)) options.set(`${code}\u0000${f.value}`, f);
      values.set(`${id}\u0000${code}\u0000${f.value}`, [id, code, f.value]);
    }
  const created =
    definitions.size === 0
      ? []
      : await rows(
          tx,
          z.object({ code: z.string() }),
          sql`INSERT INTO attributes (code, type, labels, location, is_filterable, unit)
      VALUES ${literalRows(
        [...definitions].map(([code, f]) => [
          code,
          f.unit ? 'number' : 'select',
          inEveryLocale({ ...f.labels, ...(f.labels.de ? {} : { de: f.name }) }),
          'details',
          true,
          f.unit ?? null,
        ]),
      )}
      ON CONFLICT (code) DO NOTHING
      RETURNING code`,
        );
  if (options.size > 0)
    await tx.execute(sql`INSERT INTO attribute_options (attribute_code, value, labels)
      VALUES ${literalRows(
        [...options.values()].map((f) => [
          featureCode(f.name),
          f.value,
          inEveryLocale({ ...f.valueLabels, ...(f.valueLabels.de ? {} : { de: f.value }) }),
        ]),
      )}
      ON CONFLICT DO NOTHING`);
  await tx.execute(sql`DELETE FROM product_attributes WHERE product_id IN (${literalList(products.map((p) => p.id))})`);
  if (values.size > 0)
    await tx.execute(sql`INSERT INTO product_attributes (product_id, attribute_code, value)
      VALUES ${literalRows([...values.values()])}`);
  return created.map((r) => r.code);
}
