// The frame of a page a mailed link opens and whose plain form posts back to it (activating a
// registration, confirming an e-mail address, accepting a company invitation): the route's locale (404
// when the shop does not offer it), GET and POST only (405 otherwise), and the page's title and SEO,
// never indexed. Per request: the token in the address decides what the page shows.
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import { pageTitle, sameAlternates, type Seo } from '#lib/site/seo.ts';
import { shellForParam, type Shell } from './shell.ts';

export async function linkPage(
  astro: { params: Record<string, string | undefined>; request: Request },
  path: string,
  titleKey: MessageKey,
): Promise<Response | { shell: Shell; title: string; seo: Seo }> {
  const shell = await shellForParam(astro.params.lang);
  if (!shell) return new Response(null, { status: 404 });
  if (astro.request.method !== 'GET' && astro.request.method !== 'POST')
    return new Response(null, { status: 405, headers: { allow: 'GET, POST' } });
  const title = shell.t(titleKey);
  const seo = {
    title: pageTitle(shell.branding.title, title),
    alternates: sameAlternates(path, shell.offeredLocales),
    noindex: true,
  };
  return { shell, title, seo };
}
