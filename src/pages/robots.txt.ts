import type { APIRoute } from 'astro';
import { cachePage } from '#lib/server/publish/index.ts';
import { robotsTxt } from '#lib/site/sitemap.ts';
import { siteUrl } from '#lib/server/site-url.ts';

export const GET: APIRoute = async ({ cache }) => {
  await cachePage(cache, []);
  return new Response(robotsTxt(String(siteUrl())), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
