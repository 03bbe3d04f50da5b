// A catalogue group becomes a category, matched on its group id. A category keeps its address once
// created (a renamed group keeps its links and rankings); names, descriptions and order follow the file.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, categoryTranslations } from '../db/schema.ts';
import { sanitizeCmsHtml } from '../sanitize.ts';
import { slugify } from '#lib/catalog/slug.ts';
import { LOCALES, type Locale } from '#lib/i18n/locales.ts';
import type { ImportCategory } from '#lib/import/record-contract.ts';
import type { ImportContext, KnownCategory } from './context.ts';
import { inEveryLocale } from './locales.ts';
import { RecordRefused, type Outcome } from './report.ts';

/** A slug path not yet taken in its language: the group id is appended when the name's slug is. */
async function freeSlugPath(tx: Db, locale: Locale, base: string, externalId: string): Promise<string> {
  const taken = await tx
    .select({ id: categoryTranslations.categoryId })
    .from(categoryTranslations)
    .where(and(eq(categoryTranslations.locale, locale), eq(categoryTranslations.slugPath, base)));
  return taken.length === 0 ? base : `${base}-${slugify(externalId)}`;
}

export async function applyCategory(
  tx: Db,
  record: ImportCategory,
  ctx: ImportContext,
): Promise<{ outcome: Outcome; id: number }> {
  const parent = record.parentId === null ? null : await ctx.category(tx, record.parentId);
  if (record.parentId !== null && !parent)
    throw new RecordRefused(
      'parentId',
      `The parent category ${record.parentId} is not known: list it before its children.`,
    );
  const names = inEveryLocale(record.names);
  const descriptions = Object.fromEntries(
    LOCALES.map((l) => [l, record.descriptions[l] === undefined ? null : sanitizeCmsHtml(record.descriptions[l])]),
  ) as Record<Locale, string | null>;
  const existing = await ctx.category(tx, record.id);
  if (existing)
    return { outcome: await updateCategory(tx, existing, record, parent, names, descriptions), id: existing.id };

  const [row] = await tx
    .insert(categories)
    .values({
      parentId: parent?.id ?? null,
      position: record.position,
      idPath: '',
      depth: parent ? parent.depth + 1 : 0,
      externalId: record.id,
    })
    .returning({ id: categories.id });
  const id = row!.id;
  const idPath = parent ? `${parent.idPath}/${id}` : String(id);
  await tx.update(categories).set({ idPath }).where(eq(categories.id, id));
  const slugPaths: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const slug = slugify(names[locale]) || slugify(record.id);
    const under = parent?.slugPaths[locale];
    slugPaths[locale] = await freeSlugPath(tx, locale, under ? `${under}/${slug}` : slug, record.id);
    await tx.insert(categoryTranslations).values({
      categoryId: id,
      locale,
      name: names[locale],
      slug: slugPaths[locale].split('/').at(-1)!,
      slugPath: slugPaths[locale],
      description: descriptions[locale],
    });
  }
  const known: KnownCategory = {
    id,
    idPath,
    depth: parent ? parent.depth + 1 : 0,
    parentId: parent?.id ?? null,
    slugPaths,
  };
  ctx.rememberCategory(record.id, known);
  return { outcome: 'created', id };
}

async function updateCategory(
  tx: Db,
  existing: KnownCategory,
  record: ImportCategory,
  parent: KnownCategory | null,
  names: Record<Locale, string>,
  descriptions: Record<Locale, string | null>,
): Promise<Outcome> {
  if ((parent?.id ?? null) !== existing.parentId)
    throw new RecordRefused(
      'parentId',
      `Category ${record.id} exists under another parent; moving a category is done in the workspace, not by an import.`,
    );
  let changed = false;
  const [row] = await tx
    .select({ position: categories.position })
    .from(categories)
    .where(eq(categories.id, existing.id));
  if (row && row.position !== record.position) {
    await tx.update(categories).set({ position: record.position }).where(eq(categories.id, existing.id));
    changed = true;
  }
  const current = await tx
    .select({
      locale: categoryTranslations.locale,
      name: categoryTranslations.name,
      description: categoryTranslations.description,
    })
    .from(categoryTranslations)
    .where(eq(categoryTranslations.categoryId, existing.id));
  for (const text of current) {
    const locale = text.locale as Locale;
    if (text.name === names[locale] && text.description === descriptions[locale]) continue;
    await tx
      .update(categoryTranslations)
      .set({ name: names[locale], description: descriptions[locale] })
      .where(and(eq(categoryTranslations.categoryId, existing.id), eq(categoryTranslations.locale, locale)));
    changed = true;
  }
  return changed ? 'updated' : 'unchanged';
}
