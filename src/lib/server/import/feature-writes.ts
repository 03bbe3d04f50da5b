// Features (BMEcat FEATURE, a CSV feature column) become the shop's attributes: one attribute per
// feature name, created the first time a file uses it (filterable, shown in the details), and one
// value per product. A value with a unit is a measurement, formatted the shopper's way; a value
// without one is an option whose labels the file may give per language.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { attributeOptions, attributes, productAttributes } from '../db/schema.ts';
import { slugify } from '#lib/catalog/slug.ts';
import type { ImportProduct } from '#lib/import/record.ts';
import { inEveryLocale } from './locales.ts';

type Feature = ImportProduct['features'][number];

/** The attribute code a feature name stands for (the filter's name in addresses). */
export const featureCode = (name: string): string => slugify(name).slice(0, 64) || 'feature';

/** Replaces the product's attribute values with the file's features. */
export async function replaceFeatures(tx: Db, productId: number, features: readonly Feature[]): Promise<void> {
  await tx.delete(productAttributes).where(eq(productAttributes.productId, productId));
  if (features.length === 0) return;
  const definitions = new Map<string, Feature>();
  for (const f of features) if (!definitions.has(featureCode(f.name))) definitions.set(featureCode(f.name), f);
  await tx
    .insert(attributes)
    .values(
      [...definitions].map(([code, f]) => ({
        code,
        type: f.unit ? 'number' : 'select',
        labels: inEveryLocale({ ...f.labels, ...(f.labels.de ? {} : { de: f.name }) }),
        location: 'details',
        isFilterable: true,
        unit: f.unit ?? null,
      })),
    )
    .onConflictDoNothing({ target: attributes.code });
  const options = features.filter((f) => !f.unit);
  if (options.length > 0)
    await tx
      .insert(attributeOptions)
      .values(
        options.map((f) => ({
          attributeCode: featureCode(f.name),
          value: f.value,
          labels: inEveryLocale({ ...f.valueLabels, ...(f.valueLabels.de ? {} : { de: f.value }) }),
        })),
      )
      .onConflictDoNothing();
  const values = new Map(features.map((f) => [`${featureCode(f.name)}\u0000${f.value}`, f]));
  await tx
    .insert(productAttributes)
    .values([...values.values()].map((f) => ({ productId, attributeCode: featureCode(f.name), value: f.value })));
}
