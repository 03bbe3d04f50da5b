import type { APIRoute } from 'astro';
import { sitemapPages } from '#lib/server/sitemap-pages.ts';
import { cachePage, tags } from '#lib/server/publish/index.ts';
import { sitemapChunkCount, sitemapEntries, sitemapIndexXml } from '#lib/site/sitemap.ts';
import { siteUrl } from '#lib/server/site-url.ts';

export const GET: APIRoute = async ({ cache }) => {
  const count = sitemapChunkCount(sitemapEntries(await sitemapPages()).length);
  await cachePage(cache, [tags.sitemap]);
  return new Response(sitemapIndexXml(count, String(siteUrl())), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};
