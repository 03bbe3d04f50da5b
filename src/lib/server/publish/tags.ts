// Cache tags: every cached page declares the tags of the data it shows, and a publish event drops
// the pages carrying any tag of what changed. Tags travel in the `xkey` and `Surrogate-Key` headers,
// so they are short, lower-case and free of spaces and commas.
import type { Locale } from '#lib/i18n/locales.ts';

export const tags = {
  /** Menu, footer, banners, branding and texts of one locale: every page of that locale shows them. */
  shell: (locale: Locale) => `shell:${locale}`,
  product: (id: number) => `p:${id}`,
  /** A category's name, slug, description or image, wherever it is shown (menus and breadcrumbs too). */
  category: (id: number) => `c:${id}`,
  /** The products a category lists and counts: its own page and the category bars showing its count. */
  listing: (id: number) => `l:${id}`,
  /** The list of top-level categories (the home page's tiles). */
  topCategories: 'c:top',
  /** A content entry other than the shell's, in one locale (settings read for all locales use 'all'). */
  content: (type: string, identifier: string, locale: Locale | 'all') => `k:${type}:${identifier}:${locale}`,
  /** An attribute's labels and option labels. */
  attribute: (code: string) => `a:${code}`,
  sitemap: 'sitemap',
  /**
   * Any product at all: pages that count or pick from the whole catalogue ({{productCount}}, a
   * recommendation filter). Every product publish names it; a content page's does not.
   */
  catalog: 'catalog',
} as const;

/** Header-safe: what `xkey` and `Surrogate-Key` accept and a Varnish ban expression needs no escaping for. */
export const TAG_PATTERN = /^[a-z0-9:._-]{1,128}$/;
