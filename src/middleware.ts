// Every request gets an id: taken from a trusted proxy's X-Request-Id when it looks like one, else a
// new UUID. It is echoed in the response and tagged on every server log line of the request; each
// request leaves one line (debug level, warn for a 5xx) with its method, path, status and duration.
// Pages served from the page cache skip this middleware: the cache sits in front of it.
// Before rendering: legacy PascalCase addresses answer 301 to their canonical path, an address the
// server front had to repair (/%ZZ) gets the 400 error page, and a page spends the client's request
// budget (page-budget.ts: 429 beyond it). While rendering: a form page that refuses an oversized body
// answers 413. After: every error answer carries its reason phrase ("404 Not Found", never "404 OK"),
// and every answer its security headers: a page its Content-Security-Policy with the hashes of the
// inline scripts it may run (security-headers.ts), and a state change made in a session opened on a
// customer's behalf its audit row (src/lib/server/auth/on-behalf.ts).
import { defineMiddleware } from 'astro:middleware';
import { logger, withRequestLog } from '#lib/server/log.ts';
import { READINESS_PATH } from '#lib/server/health.ts';
import { metrics } from '#lib/server/metrics/index.ts';
import { legacyRedirect } from '#lib/site/legacy-routes.ts';
import { MALFORMED_URL_HEADER } from '#lib/site/malformed-url.ts';
import { statusText } from '#lib/site/error-pages.ts';
import { startPaymentRecovery } from '#lib/server/orders/index.ts';
import { startWebhookDelivery } from '#lib/server/webhooks/index.ts';
import { startScheduledReorders } from '#lib/server/scheduled-reorders/index.ts';
import { env } from '#lib/server/env.ts';
import { ApiError, json } from '#lib/server/http.ts';
import { astroScriptHashes, contentSecurityPolicy, securityHeaders } from '#lib/server/security-headers.ts';
import { previewingStaff, renderPreview } from '#lib/server/preview.ts';
import { spendOnPage, tooManyRequestsPage } from '#lib/server/page-budget.ts';
import { plainStatusPage } from '#lib/server/plain-status-page.ts';
import { recordOnBehalfAction } from '#lib/server/auth/index.ts';
import { getDb } from '#lib/server/db/index.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export const onRequest = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  // Background work starts with the first request, as the publish listener does (idempotent).
  startPaymentRecovery();
  startWebhookDelivery();
  startScheduledReorders();
  const offered = context.request.headers.get('x-request-id');
  const requestId = offered && REQUEST_ID.test(offered) ? offered : crypto.randomUUID();
  return withRequestLog(requestId, async () => {
    const started = performance.now();
    // Pages only: the integration layer (the workspace's publish among it) always works on published content.
    const previewer = context.url.pathname.startsWith('/api/') ? null : await previewingStaff(context.request);
    const response =
      previewer === null ? await route(context, next) : await renderPreview(previewer, () => route(context, next));
    // A state change in a session a staff member opened on a customer's behalf: its audit row.
    await recordOnBehalfAction(
      getDb,
      { request: context.request, path: context.url.pathname, cookies: context.cookies },
      response.status,
    ).catch((error: unknown) => logger.error({ err: error }, 'on-behalf audit failed'));
    const elapsed = performance.now() - started;
    const line = {
      method: context.request.method,
      path: context.url.pathname,
      status: response.status,
      ms: Math.round(elapsed),
    };
    metrics().routes.observe(
      { route: context.routePattern, method: line.method, status: String(line.status) },
      elapsed / 1000,
    );
    // A readiness 503 is an answer, not a failure: an instance starting or stopping says so to its
    // probe many times a minute (the probe's own route warns when the database is out).
    if (response.status >= 500 && line.path !== READINESS_PATH) logger.warn(line, 'request failed');
    else logger.debug(line, 'request');
    // A page that did not declare itself cacheable (checkout, account, payment returns) is personal:
    // no shared cache may keep it. Cacheable ones get their headers from the cache provider.
    const personal = context.cache.options.maxAge === undefined && !response.headers.has('cache-control');
    // Responses of fetch() and redirects can be immutable; a fresh copy takes the header then.
    const security = securityFor(context, response);
    const mark = (headers: Headers) => {
      headers.set('x-request-id', requestId);
      // A page's own choice wins but for the policies: the CSP, and the referrer policy of its route (a token page's).
      for (const [name, value] of security)
        if (name === 'content-security-policy' || name === 'referrer-policy' || !headers.has(name))
          headers.set(name, value);
      if (personal) headers.set('cache-control', 'private, no-store');
      // A page rendered with drafts is for this editor's eyes only (the cache provider strips its cache rules).
      if (previewer !== null) headers.set('x-robots-tag', 'noindex');
    };
    // A page that set only Astro.response.status keeps the 200's "OK".
    if (response.status >= 400 && (response.statusText === 'OK' || response.statusText === '')) {
      const copy = new Response(response.body, {
        status: response.status,
        statusText: statusText(response.status),
        headers: response.headers,
      });
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
  // An API call gets the 400 in the integration layer's one error shape instead.
  if (context.request.headers.has(MALFORMED_URL_HEADER)) {
    if (!context.url.pathname.startsWith('/api/')) return next('/400');
    return json(
      { code: 'VALIDATION_FAILED', message: 'The address is not valid percent-encoding.', status: 400 },
      { status: 400 },
    );
  }
  const url = new URL(context.request.url);
  const canonical = legacyRedirect(url.pathname);
  if (canonical) {
    return new Response(null, {
      status: 301,
      headers: { location: `${canonical}${url.search}`, 'cache-control': 'public, max-age=3600' },
    });
  }
  // A page rendered now (not a page-cache hit, which never gets here) spends the client's budget.
  const wait = spendOnPage(context.request.method, url.pathname, context);
  if (wait > 0) return tooManyRequestsPage(url.pathname, wait);
  try {
    return await next();
  } catch (error) {
    // A form page refuses a body over its limit by throwing the 413 (http-form.ts: postedFormOrEmpty),
    // before it reads a field: the poster gets that refusal in the path's language, not a 500.
    if (error instanceof ApiError && error.status === 413 && !url.pathname.startsWith('/api/'))
      return plainStatusPage(url.pathname, 413, 'tooLarge');
    throw error;
  }
}

/** Pages that may load Stripe.js: the checkout's payment step and paying an order later. */
const STRIPE_ROUTES = new Set(['/[...lang]/checkout/payment', '/[...lang]/pay/[order]']);
/** Astro renders the same policy for every page: built once, one string shared by all cached pages. */
const pagePolicies = new Map<string, string>();

function securityFor(context: Context, response: Response): [string, string][] {
  const e = env();
  // The dev server renders no policy (Astro's CSP is build-only) and Vite's client runs inline.
  if (import.meta.env.DEV)
    return securityHeaders(e.SITE_URL, undefined, context.routePattern).filter(
      ([name]) => name !== 'content-security-policy',
    );
  // Astro's policy (security.csp, src/integrations/content-security-policy.ts) is there on a rendered page: only pages run inline scripts.
  const rendered = response.headers.get('content-security-policy');
  if (rendered === null) {
    const headers = securityHeaders(e.SITE_URL, undefined, context.routePattern);
    // An empty error answer (a page's `new Response(null, { status: 404 })`) is replaced by Astro's error
    // page, rendered past this middleware with Astro's policy, and keeps this answer's headers over its
    // own: so no policy here (the server front puts the default on whatever answer has none).
    return response.status >= 400 && response.body === null
      ? headers.filter(([name]) => name !== 'content-security-policy')
      : headers;
  }
  const stripe = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY) && STRIPE_ROUTES.has(context.routePattern);
  const key = `${stripe}:${rendered}`;
  let policy = pagePolicies.get(key);
  if (policy === undefined) {
    policy = contentSecurityPolicy({
      scriptHashes: astroScriptHashes(rendered),
      stripeJsUrl: stripe ? e.STRIPE_JS_URL : undefined,
      tagManager: e.TAG_MANAGER_ID !== undefined,
    });
    if (pagePolicies.size < 16) pagePolicies.set(key, policy);
  }
  return securityHeaders(e.SITE_URL, policy, context.routePattern);
}
