import type { APIRoute } from 'astro';
import { sitemapPages } from '#lib/server/sitemap-pages.ts';
import { cachePage, tags } from '#lib/server/publish/index.ts';
import { sitemapChunkCount, sitemapEntries, sitemapIndexXml } from '#lib/site/sitemap.ts';

export const GET: APIRoute = async ({ site, cache }) => {
  const count = sitemapChunkCount(sitemapEntries(await sitemapPages()).length);
  await cachePage(cache, [tags.sitemap]);
  return new Response(sitemapIndexXml(count, String(site)), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
