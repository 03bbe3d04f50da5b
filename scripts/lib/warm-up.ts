// The server's first requests of itself, made in the server's process: they carry its token
// (internal-request.ts), which no other process knows.
import { internalRequestHeaders } from '#lib/server/publish/internal-request.ts';
import { log } from './settings.ts';

/**
 * Renders the home page of every language and the sitemaps into the page cache, and has the first
 * search and price call build the in-memory indexes (seconds each on a large catalogue), in the background.
 */
export async function warmUp(origin: string): Promise<void> {
  const started = Date.now();
  const post = (body: object): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const requests: [path: string, init?: RequestInit][] = [
    ['/api/catalog/search', post({ keyword: 'a', limit: 1 })],
    ['/api/catalog/prices', post({ skus: ['-'] })],
    ...['/', '/en', '/fr', '/es', '/it', '/sitemap.xml'].map((p): [string] => [p]),
  ];
  let warmed = 0;
  for (const [path, init] of requests) {
    try {
      // Marked as the shop's own: a warm-up is no shopper asking for a page again (internal-request.ts).
      const response = await fetch(new URL(path, origin), {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), ...internalRequestHeaders() },
      });
      await response.arrayBuffer();
      if (response.ok && !init) warmed += 1;
    } catch {
      return; // the server is going down
    }
  }
  log(`warmed the search and price indexes and ${warmed} pages in ${Date.now() - started} ms`);
}
