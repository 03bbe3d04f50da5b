// What the home and content page routes show, marked cacheable with its tags (in the route, before
// the page streams: cache headers are read when the response starts). Null means a 404: a locale the
// shop does not offer, or an unknown page.
import type { APIContext } from 'astro';
import { shellForParam, type Shell } from './shell.ts';
import { contentPageSlugs } from './content-links.ts';
import { shownContentHtml } from './content-html.ts';
import { getContentPage, type ContentPage } from './content.ts';
import { cachePage, tags } from './publish/index.ts';
import { loadHomeContent, type HomeContent } from './home-content.ts';
import { publicPrices, topCategories } from './catalog/index.ts';
import type { PublicPrices } from '../catalog/page-prices.ts';
import { firstSpecialEnd } from '../catalog/special-price.ts';
import { contentPagePath, localePath } from '../site/paths.ts';
import type { Locale } from '../i18n/locales.ts';

export interface HomeRoute {
  shell: Shell;
  categories: Awaited<ReturnType<typeof topCategories>>;
  intro: ContentPage | null;
  /** The home content page's HTML as shown in this language (null: none). */
  introHtml: string | null;
  home: HomeContent;
  /** The public prices of the products the strips show. */
  prices: PublicPrices;
}

export async function loadHomeRoute(lang: string | undefined, cache: APIContext['cache']): Promise<HomeRoute | null> {
  const shell = await shellForParam(lang);
  if (!shell) return null;
  const [categories, intro, home] = await Promise.all([
    topCategories(shell.locale),
    getContentPage('home', shell.locale),
    loadHomeContent(shell.locale, shell.t('price.free')),
  ]);
  const skus = [home.offers, home.fresh, home.recommendations].flatMap((s) => s?.products ?? []).map((p) => p.sku);
  const [prices, introHtml] = await Promise.all([
    publicPrices(skus, shell),
    intro?.content ? shownContentHtml(intro.content, shell.locale) : null,
  ]);
  // The offers strip is the specials running now: the page may not outlive the first of them.
  await cachePage(
    cache,
    [
      ...shell.tags,
      tags.topCategories,
      ...categories.map((c) => tags.category(c.id)),
      tags.content('page', 'home', shell.locale),
      ...(introHtml?.tags ?? []),
      ...home.tags,
    ],
    firstSpecialEnd(prices.items),
  );
  return { shell, categories, intro, introHtml: introHtml?.html ?? null, home, prices };
}

export interface ContentRoute {
  shell: Shell;
  page: ContentPage;
  /** The page's HTML as shown in this language. */
  html: string;
  /** The page's address in every language that has it (hreflang, the language selector). */
  alternates: Partial<Record<Locale, string>>;
}

/**
 * The content page a path segment names: by its slug in this language a page (null: a 404); by
 * another of its names (identifier, another language's slug) a redirect to the slug.
 */
export async function loadContentRoute(
  lang: string | undefined,
  segment: string | undefined,
  cache: APIContext['cache'],
): Promise<ContentRoute | { redirect: string } | null> {
  const shell = segment ? await shellForParam(lang) : null;
  if (!shell || !segment) return null;
  const slugs = await contentPageSlugs();
  const found = slugs.find(segment, shell.locale);
  if (!found) return null;
  if (found.slug !== segment) return { redirect: localePath(shell.locale, contentPagePath(found.slug)) };
  const page = await getContentPage(found.identifier, shell.locale);
  if (!page) return null;
  const shown = await shownContentHtml(page.content, shell.locale);
  // Its language links change only with an address, and a publish that changes one drops every version.
  await cachePage(cache, [...shell.tags, tags.content('page', page.identifier, shell.locale), ...shown.tags]);
  const alternates = Object.fromEntries(
    shell.offeredLocales.flatMap((l) => {
      const slug = slugs.slug(page.identifier, l);
      return slug === undefined ? [] : [[l, localePath(l, contentPagePath(slug))]];
    }),
  );
  return { shell, page, html: shown.html, alternates };
}
