// Turns the menu block's configuration into what the desktop and mobile menus render.
import type { MenuEntry } from './schemas.ts';
import type { Locale } from '../i18n/locales.ts';
import { resolveContentLink, type LinkResolvers } from '../site/content-link.ts';
import { mappedCategoryTarget } from './features.ts';

export interface MenuItem {
  id: string;
  kind: MenuEntry['kind'];
  title: string;
  href: string | undefined;
  visibility: MenuEntry['visibility'];
  group: string | undefined;
  sidebar: boolean;
  children: MenuItem[];
}

/** The locale's own title, else the first configured one. */
function menuTitle(entry: Pick<MenuEntry, 'titles'>, locale: Locale): string {
  return (entry.titles.find((t) => t.locale === locale) ?? entry.titles[0])?.title ?? '';
}

/** A menu target after the categoriesMapper flag: a mapped 'c:slug/path' leads where the mapper says. */
function mappedUrl(url: string | undefined, mapper: Record<string, string>): string | undefined {
  if (!url?.startsWith('c:')) return url;
  return mappedCategoryTarget(mapper, { slugPath: url.slice(2) }) ?? url;
}

export function buildMenu(
  entries: MenuEntry[],
  locale: Locale,
  links: LinkResolvers = {},
  parentId = 'm',
  categoriesMapper: Record<string, string> = {},
): MenuItem[] {
  // Ids count every entry, hidden ones too, so hiding one does not renumber the others' submenus.
  return entries.flatMap((entry, index) => {
    if (entry.hidden) return [];
    const id = `${parentId}-${index}`;
    const url = mappedUrl(entry.url, categoriesMapper);
    return [
      {
        id,
        kind: entry.kind,
        title: menuTitle(entry, locale),
        href: url ? resolveContentLink(url, locale, links) : undefined,
        visibility: entry.visibility,
        group: entry.group,
        sidebar: entry.sidebar ?? false,
        children: buildMenu(entry.children ?? [], locale, links, id, categoriesMapper),
      },
    ];
  });
}

/** Keeps the items a device shows: 'all' everywhere, 'desktop' or 'mobile' only there. */
export function menuFor(items: MenuItem[], device: 'desktop' | 'mobile'): MenuItem[] {
  return items
    .filter((item) => item.visibility === 'all' || item.visibility === device)
    .map((item) => ({ ...item, children: menuFor(item.children, device) }));
}

/** The header shows a full-row navigation menu when the first menu entry is a container. */
export function hasFullRowMenu(items: MenuItem[]): boolean {
  return items[0]?.kind === 'container';
}

/** The mobile menu groups children that share a group name under one heading, in order. */
export function groupItems(items: MenuItem[]): { group: string | undefined; items: MenuItem[] }[] {
  const groups: { group: string | undefined; items: MenuItem[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.group === item.group) last.items.push(item);
    else groups.push({ group: item.group, items: [item] });
  }
  return groups;
}
