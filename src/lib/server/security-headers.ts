// The security headers of every answer, in one place for both of their writers: the server front
// (scripts/lib/serve-shop.ts) puts them on everything it answers, files, page-cache hits, front routes
// and its own refusals included, and the middleware (src/middleware.ts) on what Astro renders, so a
// page carries them into the page cache and out of `astro dev` as well.
//
// The Content-Security-Policy allows no inline script but the ones whose hashes it lists: Astro's own
// (its client directives) and the shop's (src/lib/site/inline-scripts.ts). Astro renders it for every
// page from astroCsp() (security.csp, set by src/integrations/content-security-policy.ts), adding its
// own hashes. Hashes, not nonces: a cached page is the same bytes for every shopper, so it cannot
// carry a nonce per request. No 'unsafe-eval'.
// Third parties are allowed only where the shop uses them: Stripe.js on the pages that take a payment,
// when Stripe is configured; the tag manager on every page, when TAG_MANAGER_ID is set (the consent
// bar, which loads it after consent, is on every shop page).
import { createHash } from 'node:crypto';
import type { AstroConfig } from 'astro';

/** What a policy allows beyond the shop's own origin. */
interface PolicyOptions {
  /** Inline scripts the page may run, as CSP hash sources ('sha256-…', without quotes). */
  scriptHashes?: readonly string[];
  /** STRIPE_JS_URL, on a page that loads Stripe.js. */
  stripeJsUrl?: string;
  /** The shop has a tag manager (TAG_MANAGER_ID). */
  tagManager?: boolean;
}

/** Stripe's own hosts, per Stripe's CSP guide: Stripe.js, its frames (3-D Secure: hooks) and its API. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * Google Tag Manager and the Google Analytics it usually loads (Google's CSP guide). Tags of type
 * "custom HTML" (inline script) are not allowed: they would need 'unsafe-inline'.
 */
const TAG_MANAGER = {
  script: ['https://www.googletagmanager.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/** Where Stripe.js comes from: Stripe's hosts, or a stand-in's origin (the test fakes) for everything. */
function stripeSources(jsUrl: string) {
  const origin = new URL(jsUrl).origin;
  if (origin === 'https://js.stripe.com') return STRIPE;
  return { script: [origin], frame: [origin], connect: [origin] };
}

/** Style attributes stay allowed: the content service's banners and notification bar carry their
 * colours in style="…" (as may its sanitised HTML), and React sets style props. CSS cannot run script. */
const STYLE_SOURCES = ["'self'", "'unsafe-inline'"];

type Directive = [name: string, ...sources: string[]];

function policyDirectives(options: PolicyOptions): Directive[] {
  const stripe = options.stripeJsUrl ? stripeSources(options.stripeJsUrl) : undefined;
  const gtm = options.tagManager ? TAG_MANAGER : undefined;
  const hashes = [...new Set(options.scriptHashes ?? [])].map((hash) => `'${hash}'`);
  return [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...hashes, ...(stripe?.script ?? []), ...(gtm?.script ?? [])],
    ['style-src', ...STYLE_SOURCES],
    // Product pictures may come from any https host (an import names them). Content names only the
    // shop or the operator's CONTENT_IMAGE_HOSTS (src/lib/content/links.ts), checked where it is written and read.
    ['img-src', "'self'", 'data:', 'https:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(stripe?.connect ?? []), ...(gtm?.connect ?? [])],
    ...(stripe ? [['frame-src', "'self'", ...stripe.frame] satisfies Directive] : []),
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    // Every form posts to the shop itself; PayPal and Stripe are reached by script, not by a form.
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
}

/** The Content-Security-Policy of a page (or, without options, of any other answer). */
export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  return policyDirectives(options)
    .map((d) => d.join(' '))
    .join('; ');
}

type AstroCsp = Exclude<AstroConfig['security']['csp'], boolean>;

/**
 * Astro's `security.csp` (src/integrations/content-security-policy.ts): the policy Astro renders for
 * every page is the shop's, with Astro's own hashes and the shop's inline scripts' in it. So an error page that Astro renders
 * past the middleware (the 404 for a page that answered an empty 404) has it too; the middleware
 * adds what depends on the environment (Stripe, the tag manager).
 */
export function astroCsp(inlineScripts: readonly string[]): AstroCsp {
  const directives = policyDirectives({}).filter(([name]) => name !== 'script-src' && name !== 'style-src');
  return {
    algorithm: 'SHA-256',
    directives: directives.map((d) => d.join(' ') as `default-src ${string}`),
    scriptDirective: {
      resources: ["'self'"],
      hashes: inlineScripts.map((source) => scriptHash(source) as `sha256-${string}`),
    },
    styleDirective: { resources: STYLE_SOURCES },
  };
}

/**
 * The CSP hash source ('sha256-…') of an inline script's text.
 * @internal Exported for tests; astroCsp() hashes the inline scripts with it.
 */
export function scriptHash(source: string): string {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}

/** The script hashes of a policy Astro rendered (`security.csp`): those of its client directives. */
export function astroScriptHashes(policy: string): string[] {
  const scriptSrc = policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));
  return (scriptSrc?.match(/'sha(?:256|384|512)-[A-Za-z0-9+/=]+'/g) ?? []).map((source) => source.slice(1, -1));
}

/**
 * The pages whose address carries a one-time token (?token=…: the links of the password, activation,
 * newsletter and e-mail change mails and of a staff or company user's invitation), by route. No request such a page
 * makes may carry its address, not even to the shop itself (its logs, a CDN's logs): a page whose
 * form is sent by script sends no referrer at all. A page with a plain form that posts the token back
 * sends its origin only (strict-origin): under no-referrer, browsers send "Origin: null" with a form
 * post, and Astro's origin check (security.checkOrigin) refuses that as a cross-site form. Either way
 * the path and query, and so the token, never leave the page.
 */
const TOKEN_PAGES: ReadonlyMap<string, 'no-referrer' | 'strict-origin'> = new Map([
  ['/[...lang]/reset-password', 'no-referrer'],
  ['/[...lang]/create-password', 'no-referrer'],
  ['/admin/set-password', 'no-referrer'],
  ['/[...lang]/activate-account', 'strict-origin'],
  ['/[...lang]/accept-invitation', 'strict-origin'],
  ['/[...lang]/confirm-email', 'strict-origin'],
  ['/[...lang]/newsletter/confirm', 'strict-origin'],
]);

/** Every other answer: the full address within the shop, the origin only to other sites. */
const DEFAULT_REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The Referrer-Policy of an answer of the route `routePattern` (Astro's pattern, e.g. '/[...lang]/reset-password').
 * @internal Exported for its test; securityHeaders() puts it on every answer.
 */
export function referrerPolicy(routePattern?: string): string {
  return (routePattern === undefined ? undefined : TOKEN_PAGES.get(routePattern)) ?? DEFAULT_REFERRER_POLICY;
}

/** @internal The routes of the token pages, for the test that finds every page a mailed token link opens. */
export const tokenPageRoutes = (): string[] => [...TOKEN_PAGES.keys()];

/**
 * The headers every answer carries, with its CSP (by default the policy of an answer that is not a
 * page: nothing inline runs in it): no MIME sniffing, no framing (X-Frame-Options
 * for browsers without frame-ancestors), the referrer policy of its route (the origin only to other
 * sites; less on a token page), no powerful features but
 * payments (Stripe's frames ask for them), a browsing context of its own (PayPal and Stripe are left
 * and returned to by full redirects, never popups that would need an opener), and HSTS once the shop
 * is served over https (on http it would be ignored, and it must not pin a plain-http test origin).
 */
export function securityHeaders(
  siteUrl: string,
  policy = contentSecurityPolicy(),
  routePattern?: string,
): [string, string][] {
  const headers: [string, string][] = [
    ['content-security-policy', policy],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', referrerPolicy(routePattern)],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")'],
    ['cross-origin-opener-policy', 'same-origin'],
  ];
  if (new URL(siteUrl).protocol === 'https:')
    headers.push(['strict-transport-security', 'max-age=63072000; includeSubDomains']);
  return headers;
}
