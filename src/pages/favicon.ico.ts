// Browsers, feed readers and crawlers ask /favicon.ico whatever the page's <link rel="icon"> says (and
// search engines show it beside each result): a 404 there left them without the shop's icon. It leads
// to the favicon the branding names, the shop's own SVG rasterised as a PNG, as those clients expect.
import type { APIRoute } from 'astro';
import { cachePage } from '#lib/server/publish/index.ts';
import { loadShell } from '#lib/server/shell.ts';
import { DEFAULT_LOCALE } from '#lib/i18n/locales.ts';
import { logoRasterUrl } from '#lib/site/images.ts';

export const GET: APIRoute = async ({ cache }) => {
  const shell = await loadShell(DEFAULT_LOCALE);
  await cachePage(cache, shell.tags);
  // Temporary: an editor may publish another favicon.
  return new Response(null, { status: 302, headers: { location: logoRasterUrl(shell.branding.favicon, 150) } });
};
