// Breadcrumb rules. Links here are unprefixed; callers apply localePath.

export interface Breadcrumb {
  text: string;
  link: string;
  /** A product can sit in several categories; the primary trail is the one the shop owner chose. */
  primary: boolean;
}

export interface Crumb {
  text: string;
  link: string;
}

/** Mixing a product's primary and secondary trails would show two paths at once; primary wins when it exists. */
export function pickBreadcrumbs<T extends Breadcrumb>(crumbs: readonly T[]): T[] {
  return crumbs.some((c) => c.primary) ? crumbs.filter((c) => c.primary) : [...crumbs];
}

/** Category breadcrumbs start with Home (at '/', or the locale's home when prefixed). */
export function categoryTrail(homeLabel: string, homeHref: string, trail: readonly Crumb[]): Crumb[] {
  const home: Crumb = { text: homeLabel, link: homeHref };
  // Some category sources already include the root as Home; listing it twice reads as a bug.
  const rest = trail[0]?.link === homeHref ? trail.slice(1) : trail;
  return [home, ...rest.map(({ text, link }) => ({ text, link }))];
}

/** Product breadcrumb links are category paths relative to /c/. */
export function productBreadcrumbLink(link: string): string {
  return `/c/${link.replace(/^\/+/, '')}`;
}
