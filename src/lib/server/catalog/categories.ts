// Category reads for pages and the integration layer.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { categories, categoryTranslations } from '../db/schema.ts';
import { getDb } from '../db/index.ts';
import type { Locale } from '../../i18n/locales.ts';

export interface CategorySummary {
  id: number;
  name: string;
  slug: string;
  slugPath: string;
  image: string | null;
}

/** The root categories in menu order, for the home page tiles. */
export async function topCategories(locale: Locale): Promise<CategorySummary[]> {
  const db = await getDb();
  return db.select({
    id: categories.id, name: categoryTranslations.name, slug: categoryTranslations.slug,
    slugPath: categoryTranslations.slugPath, image: categories.image,
  })
    .from(categories)
    .innerJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)))
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.position), asc(categories.id));
}
