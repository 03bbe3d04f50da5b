// Content pages have a slug per language (/i/agb in German, /en/i/terms in English): the slug of
// a page's row for that language, else of its all-languages row, else its identifier. Every other
// name of a page (its identifier, another language's slug, a slug it had before) still finds it, so
// old links and links written into content HTML keep working: the route redirects them to the slug.
import type { Locale } from '../i18n/locales.ts';

/** The page of the shop's terms: linked from the cookie notice and the order button, its version kept on orders. */
export const TERMS_PAGE = 'agb';

/** A content page row: the all-languages row has locale ''. */
export interface PageRow {
  identifier: string;
  locale: string;
  slug: string | null;
}

export interface PageSlugs {
  /** The page's slug in `locale`; undefined when the page does not exist in that language. */
  slug(identifier: string, locale: Locale): string | undefined;
  /** The page a path segment names in `locale`, and its slug there (equal to the segment when canonical). */
  find(segment: string, locale: Locale): { identifier: string; slug: string } | null;
}

/** Each page's slug per language. */
export type PageAddresses = Record<string, Partial<Record<Locale, string>>>;

/** The addresses as last published, and the slugs pages had before in each language. */
export interface PublishedAddresses {
  current: PageAddresses;
  former: Record<string, Partial<Record<Locale, string[]>>>;
}

export function pageSlugs(
  rows: readonly PageRow[],
  locales: readonly Locale[],
  former: PublishedAddresses['former'] = {},
): PageSlugs {
  const byIdentifier = new Map<string, Map<string, PageRow>>();
  for (const row of rows) {
    const own = byIdentifier.get(row.identifier) ?? new Map<string, PageRow>();
    own.set(row.locale, row);
    byIdentifier.set(row.identifier, own);
  }
  const identifiers = [...byIdentifier.keys()].sort();
  const slug = (identifier: string, locale: Locale): string | undefined => {
    const own = byIdentifier.get(identifier);
    const row = own?.get(locale) ?? own?.get('');
    return row ? (row.slug ?? identifier) : undefined;
  };
  return {
    slug,
    find(segment, locale) {
      const canonical = identifiers.find((id) => slug(id, locale) === segment);
      if (canonical !== undefined) return { identifier: canonical, slug: segment };
      const alias = identifiers.find(
        (id) =>
          slug(id, locale) !== undefined &&
          (id === segment ||
            locales.some((other) => slug(id, other) === segment || former[id]?.[other]?.includes(segment))),
      );
      return alias === undefined ? null : { identifier: alias, slug: slug(alias, locale)! };
    },
  };
}

/** Pages that would share a URL in some language: each named once, for an editor to fix. */
export function slugConflicts(rows: readonly PageRow[], locales: readonly Locale[]): string[] {
  const slugs = pageSlugs(rows, locales);
  const identifiers = [...new Set(rows.map((r) => r.identifier))].sort();
  const problems: string[] = [];
  for (const locale of locales) {
    const owner = new Map<string, string>();
    for (const id of identifiers) {
      const slug = slugs.slug(id, locale);
      if (slug === undefined) continue;
      const other = owner.get(slug);
      if (other !== undefined)
        problems.push(`page:${id} (${locale}): slug '${slug}' is already the address of page:${other}`);
      else owner.set(slug, id);
    }
  }
  return problems;
}

/** Every page's slug in every language it exists in. */
export function addressesOf(rows: readonly PageRow[], locales: readonly Locale[]): PageAddresses {
  const slugs = pageSlugs(rows, locales);
  return Object.fromEntries(
    [...new Set(rows.map((r) => r.identifier))].map((id) => [
      id,
      Object.fromEntries(
        locales.flatMap((l) => {
          const slug = slugs.slug(id, l);
          return slug === undefined ? [] : [[l, slug]];
        }),
      ),
    ]),
  );
}

/**
 * What publishing `now` changes against the addresses published before: the pages and languages
 * whose addresses differ, and the record to keep (a replaced slug joins the page's former ones).
 */
export function publishAddresses(
  before: PublishedAddresses,
  now: PageAddresses,
  locales: readonly Locale[],
): { next: PublishedAddresses; pages: string[]; locales: Locale[] } {
  const ids = [...new Set([...Object.keys(now), ...Object.keys(before.current)])];
  const differs = (id: string, l: Locale) => now[id]?.[l] !== before.current[id]?.[l];
  const pages = ids.filter((id) => locales.some((l) => differs(id, l)));
  const former = structuredClone(before.former);
  for (const id of pages) {
    for (const l of locales) {
      const old = before.current[id]?.[l];
      if (old === undefined || !differs(id, l)) continue;
      const list = ((former[id] ??= {})[l] ??= []);
      if (!list.includes(old)) list.push(old);
    }
  }
  return { next: { current: now, former }, pages, locales: locales.filter((l) => pages.some((id) => differs(id, l))) };
}
