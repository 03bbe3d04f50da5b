// Every request gets an id: taken from a trusted proxy's X-Request-Id when it looks like one, else a
// new UUID. It is echoed in the response and tagged on every server log line of the request; each
// request leaves one line (debug level, warn for a 5xx) with its method, path, status and duration.
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
    // Responses of fetch() and redirects can be immutable; a fresh copy takes the header then.
    try {
      response.headers.set('x-request-id', requestId);
      return response;
    } catch {
      const copy = new Response(response.body, response);
      copy.headers.set('x-request-id', requestId);
      return copy;
    }
  });
});
