import type { APIRoute, GetStaticPaths } from 'astro';
import { sitemapPages } from '../lib/server/sitemap-pages.ts';
import { URLS_PER_SITEMAP, sitemapChunkCount, sitemapEntries, sitemapXml } from '../lib/site/sitemap.ts';

export const getStaticPaths: GetStaticPaths = async () => {
  const count = sitemapChunkCount(sitemapEntries(await sitemapPages()).length);
  return Array.from({ length: count }, (_, i) => ({ params: { n: String(i + 1) } }));
};

export const GET: APIRoute = async ({ params, site }) => {
  const n = Number(params.n);
  const entries = sitemapEntries(await sitemapPages()).slice((n - 1) * URLS_PER_SITEMAP, n * URLS_PER_SITEMAP);
  return new Response(sitemapXml(entries, String(site)), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
