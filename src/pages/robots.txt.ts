import type { APIRoute } from 'astro';
import { cachePage } from '#lib/server/publish/index.ts';
import { robotsTxt } from '#lib/site/sitemap.ts';

export const GET: APIRoute = async ({ site, cache }) => {
  await cachePage(cache, []);
  return new Response(robotsTxt(String(site)), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
