// A product's names, descriptions and search words in all five languages (a language the record
// lacks gets the default language's text). A product keeps its address once created: its slug is set
// on insert only. Descriptions are HTML in the shop: plain text is escaped, markup is sanitized.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { literalRows } from '../db/index.ts';
import { sanitizeCmsHtml } from '../sanitize.ts';
import { slugify } from '#lib/catalog/slug.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import type { ImportProduct } from '#lib/import/record-contract.ts';
import { inEveryLocale } from './locales.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Sanitizing costs a parse per text; most catalogue texts have no markup and need escaping only. */
function descriptionHtml(text: string | undefined): string | null {
  if (text === undefined) return null;
  if (!text.includes('<')) return text.replace(/[&<>"]/g, (c) => ESCAPES[c]!).replace(/\r?\n/g, '<br>');
  return sanitizeCmsHtml(text);
}

export async function translationRows(
  tx: Db,
  products: readonly { id: number; sku: string; texts: ImportProduct['texts'] }[],
): Promise<void> {
  if (products.length === 0) return;
  const values = products.flatMap(({ id, sku, texts }) => {
    const all = inEveryLocale(texts);
    const html = new Map<string | undefined, string | null>();
    return LOCALES.map((locale) => {
      const text = all[locale];
      if (!html.has(text.description)) html.set(text.description, descriptionHtml(text.description));
      return [
        id,
        locale,
        text.name,
        slugify(text.name) || slugify(sku),
        html.get(text.description)!,
        text.keywords.length > 0 ? text.keywords.join(' ') : null,
      ];
    });
  });
  await tx.execute(sql`INSERT INTO product_translations (product_id, locale, name, slug, description, keywords)
    VALUES ${literalRows(values)}
    ON CONFLICT (product_id, locale) DO UPDATE SET name = excluded.name, description = excluded.description,
      keywords = excluded.keywords`);
}
