// Every request gets an id: taken from a trusted proxy's X-Request-Id when it looks like one, else a
// new UUID. It is echoed in the response and tagged on every server log line of the request.
import { defineMiddleware } from 'astro:middleware';
import { withRequestLog } from '#lib/server/log.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export const onRequest = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  const offered = context.request.headers.get('x-request-id');
  const requestId = offered && REQUEST_ID.test(offered) ? offered : crypto.randomUUID();
  return withRequestLog(requestId, async () => {
    const response = await next();
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
