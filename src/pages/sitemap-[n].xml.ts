import type { APIRoute } from 'astro';
import { sitemapPages } from '#lib/server/sitemap-pages.ts';
import { cachePage, tags } from '#lib/server/publish/index.ts';
import { URLS_PER_SITEMAP, sitemapEntries, sitemapXml } from '#lib/site/sitemap.ts';
import { siteUrl } from '#lib/server/site-url.ts';

export const GET: APIRoute = async ({ params, cache }) => {
  const n = /^[1-9]\d{0,5}$/.test(params.n ?? '') ? Number(params.n) : 0;
  const entries = sitemapEntries(await sitemapPages()).slice((n - 1) * URLS_PER_SITEMAP, n * URLS_PER_SITEMAP);
  if (n === 0 || entries.length === 0) return new Response(null, { status: 404 });
  await cachePage(cache, [tags.sitemap]);
  return new Response(sitemapXml(entries, String(siteUrl())), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};
