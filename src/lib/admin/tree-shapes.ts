// The two trees the workspace edits as trees: the menu block's entries (nested without limit, as the
// shop renders them) and the footer's columns with their links (two levels: a column at the top, a
// link inside a column). What menu-tree.ts needs to know of each.
import type { MenuEntry } from '../content/schemas.ts';
import type { TreeShape } from './menu-tree.ts';

export const menuShape: TreeShape<MenuEntry> = {
  children: (entry) => entry.children,
  // An entry without children stores none (the shop and the diff read the same JSON as before).
  withChildren: ({ children: _, ...entry }, children) => (children.length ? { ...entry, children } : entry),
};

interface FooterLink {
  label: string;
  url: string;
}
export interface FooterColumn {
  header: string;
  items: FooterLink[];
}
export type FooterNode = FooterColumn | FooterLink;

export const isColumn = (node: FooterNode): node is FooterColumn => 'items' in node;

export const footerShape: TreeShape<FooterNode> = {
  children: (node) => (isColumn(node) ? node.items : undefined),
  withChildren: (node, items) => (isColumn(node) ? { ...node, items: items as FooterLink[] } : node),
  maxDepth: 1,
  fits: (node, depth) => isColumn(node) === (depth === 0),
};

type Titles = MenuEntry['titles'];

/** An entry's title in a language: its own row's, or '' (the shop falls back to the first). */
export const titleIn = (titles: Titles, locale: string): string => titles.find((t) => t.locale === locale)?.title ?? '';

/**
 * The titles with one language's changed in place (the first stays the fallback); an emptied one is
 * left out, a new one added at the end.
 */
export function withTitle(titles: Titles, locale: Titles[number]['locale'], title: string): Titles {
  if (title === '') return titles.filter((t) => t.locale !== locale);
  return titles.some((t) => t.locale === locale)
    ? titles.map((t) => (t.locale === locale ? { locale, title } : t))
    : [...titles, { locale, title }];
}

/** What a row is called in the workspace: its title in the workspace's language, else its first. */
export const nameOf = (titles: Titles, locale: string): string => titleIn(titles, locale) || titles[0]?.title || '';
