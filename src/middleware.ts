// Every request gets an id: taken from a trusted proxy's X-Request-Id when it looks like one, else a
// new UUID. It is echoed in the response and tagged on every server log line of the request; each
// request leaves one line (debug level, warn for a 5xx) with its method, path, status and duration.
// Pages served from the page cache skip this middleware: the cache sits in front of it.
// Before rendering: legacy PascalCase addresses answer 301 to their canonical path, and an address the
// server front had to repair (/%ZZ) gets the 400 error page. After: every error answer carries its
// reason phrase ("404 Not Found", never "404 OK").
import { defineMiddleware } from 'astro:middleware';
import { logger, withRequestLog } from '#lib/server/log.ts';
import { legacyRedirect } from '#lib/site/legacy-routes.ts';
import { MALFORMED_URL_HEADER } from '#lib/site/malformed-url.ts';
import { statusText } from '#lib/site/error-pages.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export const onRequest = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  const offered = context.request.headers.get('x-request-id');
  const requestId = offered && REQUEST_ID.test(offered) ? offered : crypto.randomUUID();
  return withRequestLog(requestId, async () => {
    const started = performance.now();
    const response = await route(context, next);
    const line = { method: context.request.method, path: context.url.pathname, status: response.status, ms: Math.round(performance.now() - started) };
    if (response.status >= 500) logger.warn(line, 'request failed');
    else logger.debug(line, 'request');
    // A page that did not declare itself cacheable (checkout, account, payment returns) is personal:
    // no shared cache may keep it. Cacheable ones get their headers from the cache provider.
    const personal = context.cache.options.maxAge === undefined && !response.headers.has('cache-control');
    // Responses of fetch() and redirects can be immutable; a fresh copy takes the header then.
    const mark = (headers: Headers) => {
      headers.set('x-request-id', requestId);
      if (personal) headers.set('cache-control', 'private, no-store');
    };
    // A page that set only Astro.response.status keeps the 200's "OK".
    if (response.status >= 400 && (response.statusText === 'OK' || response.statusText === '')) {
      const copy = new Response(response.body, { status: response.status, statusText: statusText(response.status), headers: response.headers });
      mark(copy.headers);
      return copy;
    }
    try {
      mark(response.headers);
      return response;
    } catch {
      const copy = new Response(response.body, response);
      mark(copy.headers);
      return copy;
    }
  });
});

type Context = Parameters<Parameters<typeof defineMiddleware>[0]>[0];
type Next = Parameters<Parameters<typeof defineMiddleware>[0]>[1];

async function route(context: Context, next: Next): Promise<Response> {
  // next(path) renders the 400 page without running this middleware again (the marker stays on the request).
  if (context.request.headers.has(MALFORMED_URL_HEADER)) return next('/400');
  const url = new URL(context.request.url);
  const canonical = legacyRedirect(url.pathname);
  if (canonical) {
    return new Response(null, { status: 301, headers: { location: `${canonical}${url.search}`, 'cache-control': 'public, max-age=3600' } });
  }
  return next();
}
