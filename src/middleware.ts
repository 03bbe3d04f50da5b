// Every request gets an id: taken from a trusted proxy's X-Request-Id when it looks like one, else a
// new UUID. It is echoed in the response and tagged on every server log line of the request; each
// request leaves one line (debug level, warn for a 5xx) with its method, path, status and duration.
// Pages served from the page cache skip this middleware: the cache sits in front of it.
import { defineMiddleware } from 'astro:middleware';
import { logger, withRequestLog } from '#lib/server/log.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export const onRequest = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  const offered = context.request.headers.get('x-request-id');
  const requestId = offered && REQUEST_ID.test(offered) ? offered : crypto.randomUUID();
  return withRequestLog(requestId, async () => {
    const started = performance.now();
    const response = await next();
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
