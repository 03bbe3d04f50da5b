// Reading quotes: one quote with its lines and history as the buyer, the workspace, the mails and the
// PDF show it, and lists of them. A buyer's read is always filtered by their company, so another
// company's quote is the same "not found" as a made-up number.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { json, rows, timestamp } from '../db/index.ts';
import { customerNumberColumn } from '../customer-items/index.ts';
import { isLocale, DEFAULT_LOCALE, type Locale } from '#lib/i18n/locales.ts';
import { isExpired, QUOTE_STATUSES, type QuoteStatus } from '#lib/quotes/rules.ts';
import { quoteLineSchema as lineSchema, type Quote, type QuoteSummary } from '#lib/quotes/contract.ts';
import { effectiveCents, priceLateral } from '../cart/index.ts';

const HeadRow = z.object({
  id: z.string(),
  number: z.string(),
  customerId: z.string(),
  userId: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  currency: z.string(),
  locale: z.string(),
  validUntil: z.string().nullable(),
  version: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  requestedBy: z.string().nullable(),
  requesterEmail: z.string().nullable(),
  company: z.string(),
  customerNumber: z.string(),
  priceListId: z.number().nullable(),
  lineCount: z.number(),
  totalNetCents: z.number().nullable(),
});
type HeadRow = z.infer<typeof HeadRow>;

const LineRow = lineSchema.omit({ accessories: true, rowNetCents: true, listNetCents: true }).extend({
  accessories: json(z.array(z.string())),
  regular: z.number().nullable(),
  special: z.number().nullable(),
});

const StepRow = z.object({
  kind: z.enum(['request', 'answer', 'ask', 'accept', 'decline']),
  author: z.string(),
  body: z.string(),
  at: timestamp,
});

/** A quote's head: who asked, for which company, and its lines' count and quoted sum. */
function heads(where: SQL, limit = 1): SQL {
  return sql`
    SELECT q.id, q.number, q.customer_id AS "customerId", q.user_id AS "userId", q.status, q.currency, q.locale,
      q.valid_until::text AS "validUntil", q.version, q.created_at AS "createdAt", q.updated_at AS "updatedAt",
      NULLIF(trim(u.name), '') AS "requestedBy", u.email AS "requesterEmail",
      COALESCE(NULLIF(c.company, ''), trim(c.first_name || ' ' || c.last_name)) AS company,
      c.customernum AS "customerNumber", c.price_list_id AS "priceListId",
      (SELECT count(*)::int FROM quote_lines l WHERE l.quote_id = q.id) AS "lineCount",
      (SELECT CASE WHEN bool_and(l.unit_net_cents IS NOT NULL) THEN sum(l.unit_net_cents::bigint * l.quantity)::bigint END
        FROM quote_lines l WHERE l.quote_id = q.id)::float8 AS "totalNetCents"
    FROM quotes q
    JOIN customers c ON c.id = q.customer_id
    LEFT JOIN customer_users u ON u.id = q.user_id
    WHERE ${where}
    ORDER BY q.updated_at DESC, q.number DESC
    LIMIT ${limit}`;
}

const summary = (head: HeadRow, now: Date): QuoteSummary => ({
  number: head.number,
  status: head.status,
  expired: isExpired(head, now),
  currency: head.currency,
  locale: isLocale(head.locale) ? head.locale : DEFAULT_LOCALE,
  validUntil: head.validUntil,
  version: head.version,
  createdAt: head.createdAt.toISOString(),
  updatedAt: head.updatedAt.toISOString(),
  requestedBy: head.requestedBy,
  company: head.company,
  customerNumber: head.customerNumber,
  lineCount: head.lineCount,
  totalNetCents: head.totalNetCents,
});

/** Who a quote belongs to: a company's user sees only the company's quotes; staff see every one. */
export type QuoteScope = { customerId: string } | { staff: true };

const inScope = (scope: QuoteScope): SQL =>
  'customerId' in scope ? sql`q.customer_id = ${scope.customerId}` : sql`true`;

/** The quote with its lines (names in `locale`) and history, or null when `scope` does not reach it. */
export async function readQuote(
  db: Db,
  scope: QuoteScope,
  number: string,
  locale: Locale,
  now: Date,
): Promise<(Quote & { id: string; customerId: string; requesterEmail: string | null }) | null> {
  const [head] = await rows(db, HeadRow, heads(sql`q.number = ${number} AND ${inScope(scope)}`));
  if (!head) return null;
  const [lines, history] = await Promise.all([
    rows(
      db,
      LineRow,
      sql`
      SELECT ql.id, ql.sku, p.itemnum, COALESCE(t.name, d.name, p.sku) AS name,
        ${customerNumberColumn(head.customerId)}, ql.quantity, p.order_unit AS "orderUnit",
        COALESCE((SELECT json_agg(COALESCE(at.name, ad.name, a.sku) ORDER BY a.sku)
          FROM products a
          LEFT JOIN product_translations at ON at.product_id = a.id AND at.locale = ${locale}
          LEFT JOIN product_translations ad ON ad.product_id = a.id AND ad.locale = 'de'
          WHERE ql.accessory_skus ? a.sku), '[]'::json) AS accessories,
        ql.unit_net_cents AS "unitNetCents", price.regular, price.special
      FROM quote_lines ql
      JOIN products p ON p.id = ql.product_id
      LEFT JOIN product_translations t ON t.product_id = p.id AND t.locale = ${locale}
      LEFT JOIN product_translations d ON d.product_id = p.id AND d.locale = 'de'
      ${priceLateral({ currency: head.currency, priceListId: head.priceListId }, sql`ql.quantity`)}
      WHERE ql.quote_id = ${head.id}
      ORDER BY ql.position`,
    ),
    rows(
      db,
      StepRow,
      sql`
      SELECT kind, author, body, created_at AS at FROM quote_messages WHERE quote_id = ${head.id}
      ORDER BY created_at, id`,
    ),
  ]);
  return {
    ...summary(head, now),
    id: head.id,
    customerId: head.customerId,
    requesterEmail: head.requesterEmail,
    lines: lines.map(({ regular, special, ...line }) => ({
      ...line,
      rowNetCents: line.unitNetCents === null ? null : line.unitNetCents * line.quantity,
      listNetCents: regular === null ? null : effectiveCents({ regularCents: regular, specialCents: special }),
    })),
    history: history.map((step) => ({ ...step, at: step.at.toISOString() })),
  };
}

/** A company's quotes (or, for staff, those of one status), newest change first; at most `limit`. */
export async function listQuotes(
  db: Db,
  scope: QuoteScope,
  options: { status?: QuoteStatus | undefined; limit: number; now: Date },
): Promise<QuoteSummary[]> {
  const status = options.status ? sql`q.status = ${options.status}` : sql`true`;
  const found = await rows(db, HeadRow, heads(sql`${inScope(scope)} AND ${status}`, options.limit));
  return found.map((head) => summary(head, options.now));
}
