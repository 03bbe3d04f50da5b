// What the home and content page routes show, marked cacheable with its tags (in the route, before
// the page streams: cache headers are read when the response starts). Null means a 404: a locale the
// shop does not offer, or an unknown page.
import type { APIContext } from 'astro';
import { shellForParam, type Shell } from './shell.ts';
import { getContentPage, type ContentPage } from './content.ts';
import { cachePage, tags } from './publish/index.ts';
import { topCategories } from './catalog/index.ts';
import { loadHomeContent, type HomeContent } from './home-content.ts';

export interface HomeRoute { shell: Shell; categories: Awaited<ReturnType<typeof topCategories>>; intro: ContentPage | null; home: HomeContent }

export async function loadHomeRoute(lang: string | undefined, cache: APIContext['cache']): Promise<HomeRoute | null> {
  const shell = await shellForParam(lang);
  if (!shell) return null;
  const [categories, intro, home] = await Promise.all([
    topCategories(shell.locale), getContentPage('home', shell.locale), loadHomeContent(shell.locale),
  ]);
  await cachePage(cache, [
    ...shell.tags, tags.topCategories, ...categories.map((c) => tags.category(c.id)), tags.content('page', 'home', shell.locale),
    ...home.tags,
  ]);
  return { shell, categories, intro, home };
}

export async function loadContentRoute(lang: string | undefined, identifier: string | undefined, cache: APIContext['cache']): Promise<{ shell: Shell; page: ContentPage } | null> {
  const shell = identifier ? await shellForParam(lang) : null;
  const page = shell && identifier ? await getContentPage(identifier, shell.locale) : null;
  if (!shell || !page) return null;
  await cachePage(cache, [...shell.tags, tags.content('page', page.identifier, shell.locale)]);
  return { shell, page };
}
