// One schema for every environment variable the shop reads. Parsed once; a bad value stops the
// process at start with a message naming the variable, instead of failing later mid-request.
import { z } from 'astro/zod';
import { CURRENCIES } from '../shared/currency.ts';
import { LOCALES } from '../i18n/locales.ts';
import { parseTrustProxy } from './client-ip.ts';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/events.ts';

const flag = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { message: 'must be true or false' }))
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

function validTrustProxy(value: string): boolean {
  try {
    parseTrustProxy(value);
    return true;
  } catch {
    return false;
  }
}

const upper = (v: string) => v.trim().toUpperCase();

/** A whole number of something (amount, pieces, hours); the message says what. */
const wholeNumber = (example: string) =>
  z
    .string()
    .regex(/^\d+$/, `must be ${example}`)
    .transform(Number)
    .pipe(z.number().int().max(1_000_000_000, 'is too large'));

const portNumber = (example: string) =>
  z
    .string()
    .regex(/^\d+$/, `must be a port number such as ${example}`)
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be between 1 and 65535').max(65535, 'must be between 1 and 65535'));

const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}:`).join(' or ')}`,
    });

export const envSchema = z.object({
  /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  /** Folder for the embedded database, the mail outbox and build stamps. */
  DATA_DIR: z.string().min(1).default('.data'),
  HOST: z.string().min(1).default('localhost'),
  PORT: portNumber('4321').default(4321),
  /**
   * On SIGTERM: how long to go on serving while readiness already answers 503, so the balancer (or
   * Varnish's probe) moves the traffic away first. 0 for a lone instance; 5000 behind Varnish.
   */
  SHUTDOWN_DRAIN_MS: wholeNumber('milliseconds such as 5000').default(0),
  /** Then: how long requests in flight and background jobs get to finish before the process ends anyway. */
  SHUTDOWN_TIMEOUT_MS: wholeNumber('milliseconds such as 15000').default(15_000),
  /** Prometheus metrics on a listener of their own (not reachable through the shop's port or a cache). */
  METRICS_PORT: portNumber('9464').optional(),
  /** Else /metrics on the shop's port, for `Authorization: Bearer <token>` only (at least 32 characters). */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Public origin used for canonical links, sitemaps and emails. */
  SITE_URL: url(['http', 'https']).default('http://localhost:4321'),
  /** The shop's defaults: an invalid value stops the process at start. */
  DEFAULT_LOCALE: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(LOCALES))
    .default('de'),
  DEFAULT_CURRENCY: z.string().transform(upper).pipe(z.enum(CURRENCIES)).default('EUR'),
  DEFAULT_COUNTRY: z
    .string()
    .transform(upper)
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO country code such as DE'))
    .default('DE'),
  /**
   * Charge consumers in other EU countries the VAT of their country (One-Stop-Shop), rather than the
   * shop's own (DEFAULT_COUNTRY's). Off: below the EU's 10,000 € threshold a merchant charges its own.
   */
  TAX_OSS: flag.default(false),
  /** Site-wide feature: the cookie consent bar, on unless set to false. */
  COOKIE_CONSENT: flag.default(true),
  /**
   * The proxies in front of the shop, whose X-Forwarded-For entries are believed (client-ip.ts): false,
   * a hop count (true = 1) or a list of addresses and subnets. Kept as written; client-ip.ts reads it.
   */
  TRUST_PROXY: z
    .string()
    .refine(validTrustProxy, {
      message:
        'must be false, a number of proxy hops (true = 1), or a comma-separated list of proxy addresses or subnets',
    })
    .default('false'),
  TAG_MANAGER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX')
    .optional(),
  /**
   * Hosts that content may show pictures from over https (logo, favicon, head links, the home hero,
   * images in content HTML), comma-separated, e.g. cdn.example.com. Empty: the shop's own paths only.
   */
  CONTENT_IMAGE_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((h) => h.toLowerCase()),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
            'must be host names such as cdn.example.com, comma-separated',
          ),
      ),
    )
    .default([]),
  /** Secret for signing user tokens and the content webhook; at least 32 characters in production. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Signs publish webhooks (Standard Webhooks): a whsec_… key, or any string of 32+ characters used as is. */
  WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Outbound webhooks (docs/webhooks.md): one endpoint defined by the environment, written at start-up.
   * It has a signing secret of its own, never WEBHOOK_SECRET: the receiver holds it, and must not be
   * able to sign publish webhooks to the shop with it. WEBHOOK_EVENTS: a comma list; unset: every event.
   */
  WEBHOOK_URL: url(['http', 'https']).optional(),
  WEBHOOK_URL_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, 'must be whsec_ and the base64 of 24 or more random bytes')
    .optional(),
  WEBHOOK_EVENTS: z
    .string()
    .transform((v) => v.split(',').flatMap((t) => (t.trim() ? [t.trim()] : [])))
    .pipe(z.array(z.enum(WEBHOOK_EVENT_TYPES, { message: `must list ${WEBHOOK_EVENT_TYPES.join(', ')}` })))
    .default([]),
  /**
   * Seconds between a failed delivery and its retries, comma-separated; after the last one the delivery
   * is dead. Unset: 30 s, 2 min, 10 min, 1 h, 6 h, 12 h, 24 h, 24 h (about three days).
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'must be whole seconds, comma-separated, such as 30,120,600')
    .transform((v) => v.split(',').map((s) => Number(s.trim()) * 1000))
    .optional(),
  /** A Varnish (xkey) in front of the shop, purged by tag on publish, e.g. http://127.0.0.1:6081/. */
  CDN_PURGE_URL: url(['http', 'https']).optional(),
  /** Compressed megabytes of rendered pages the origin keeps in memory. */
  PAGE_CACHE_MB: z.string().regex(/^\d+$/, 'must be a whole number of megabytes').transform(Number).default(256),
  /** smtp(s)://user:pass@host:port; without it mail goes to the local outbox under DATA_DIR. */
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().email().default('shop@localhost.localdomain'),
  /** Pay on invoice: on unless switched off (a shop that only takes prepayment sets false). */
  INVOICE_ENABLED: flag.default(true),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_API_BASE: url(['http', 'https']).optional(),
  /** Only tests point this at a fake: production must load Stripe.js from js.stripe.com to stay PCI compliant. */
  STRIPE_JS_URL: url(['http', 'https']).default('https://js.stripe.com/v3/'),
  /** Stripe retired Sofort in 2025; offer stripe-sofort only where an account still has it. */
  STRIPE_SOFORT_ENABLED: flag.default(false),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_API_BASE: url(['http', 'https']).default('https://api-m.sandbox.paypal.com'),
  /** The ID PayPal shows for the shop's webhook (…/api/payments/paypal/webhook); without it PayPal webhooks are off. */
  PAYPAL_WEBHOOK_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be the webhook ID PayPal shows, such as 8PT597110X687430LKGECATA')
    .optional(),
  /**
   * Scales the per-client request budgets of the public catalogue and search (src/lib/server/client-budget.ts):
   * 2 doubles them, 0 switches them off (a load test from one machine).
   */
  RATE_LIMIT_SCALE: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number such as 1, 2.5 or 0 (off)')
    .transform(Number)
    .default(1),
  /**
   * Order caps (src/lib/server/orders/limits.ts): the largest order total in whole units of the order's
   * currency, the most pieces a guest order takes from stock, and the most open unpaid orders a guest
   * (per client address and per e-mail) or a customer may have. 0 switches a cap off. A customer's own
   * limits (customers.max_order_total_cents, customers.max_open_orders) override the customer defaults.
   */
  GUEST_ORDER_MAX_TOTAL: wholeNumber('a whole amount such as 5000').default(5000),
  GUEST_ORDER_MAX_PIECES: wholeNumber('a whole number of pieces such as 500').default(500),
  GUEST_OPEN_ORDERS_MAX: wholeNumber('a whole number of orders such as 3').default(3),
  CUSTOMER_ORDER_MAX_TOTAL: wholeNumber('a whole amount such as 50000').default(50000),
  CUSTOMER_OPEN_ORDERS_MAX: wholeNumber('a whole number of orders such as 20').default(20),
  /**
   * Hours an unpaid order keeps its stock: an online payment not completed by then cancels the order
   * (orders/expiry.ts), and only orders younger than this count as open for the caps above.
   */
  ORDER_HOLD_HOURS: wholeNumber('a whole number of hours such as 24')
    .pipe(z.number().min(1, 'must be at least 1 hour'))
    .default(24),
  /**
   * Hours a company's order waiting for approval keeps its stock: with no approver's decision by then it is
   * cancelled and its stock given back (orders/expiry.ts), the buyer mailed.
   */
  APPROVAL_HOLD_HOURS: wholeNumber('a whole number of hours such as 72')
    .pipe(z.number().min(1, 'must be at least 1 hour'))
    .default(72),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.issues = issues;
    this.name = 'EnvError';
  }
}

/** Parses an environment; empty strings count as unset so `FOO=` in a .env file means "default". */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const known = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, source[k] === '' ? undefined : source[k]]),
  );
  const result = envSchema.safeParse(known);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  if (result.data.WEBHOOK_URL && !result.data.WEBHOOK_URL_SECRET)
    throw new EnvError(['WEBHOOK_URL_SECRET: must be set with WEBHOOK_URL (the receiver verifies deliveries with it)']);
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
