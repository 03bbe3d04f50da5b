// Every step of a quote as one transaction: the quote row moves on only from a status the step allows
// and only at the version the asker saw (a guarded UPDATE, so two steps at once cannot both pass), its
// history gets the step, and its webhook event commits with it. What happens after the commit (mails)
// is the caller's (handlers.ts).
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { ApiError } from '../http.ts';
import { recordEvent } from '../webhooks/index.ts';
import { findOwnedCartId, putQuotedLines, readSnapshot, type CartOwner } from '../cart/index.ts';
import {
  isExpired,
  MAX_QUOTE_LINES,
  MAX_VALIDITY_DAYS,
  QUOTE_STATUSES,
  utcDay,
  type QuoteStatus,
  type QuoteStep,
} from '#lib/quotes/rules.ts';
import type { QuoteEventData, WebhookEventType } from '#lib/webhooks/events.ts';

export const quoteNotFound = () => new ApiError('QUOTE_NOT_FOUND', 'There is no such quote.', 404);
const quoteChanged = () =>
  new ApiError('QUOTE_CHANGED', 'The quote was changed meanwhile. Please look at it again.', 409);
const quoteNotOpen = () => new ApiError('QUOTE_NOT_OPEN', 'The quote no longer allows this step.', 409);
const quoteExpired = () => new ApiError('QUOTE_EXPIRED', 'The quote has expired. Please ask for a new one.', 409);

/** Who takes a step: a company user (the quote must be their company's) or staff. */
export type QuoteActor =
  | { kind: 'buyer'; customerId: string; userId: string; name: string }
  | { kind: 'staff'; staffId: number; name: string };

export type StepKind = QuoteStep;

const EVENT_OF: Record<StepKind, WebhookEventType> = {
  request: 'quote.requested',
  ask: 'quote.requested',
  answer: 'quote.answered',
  accept: 'quote.accepted',
  decline: 'quote.declined',
};

const MovedRow = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  version: z.number(),
  currency: z.string(),
  validUntil: z.string().nullable(),
  customerNumber: z.string(),
});
const StateRow = z.object({ version: z.number(), status: z.enum(QUOTE_STATUSES), validUntil: z.string().nullable() });
const TotalsRow = z.object({ lineCount: z.number(), totalNetCents: z.number().nullable() });
const IdRow = z.object({ id: z.string(), number: z.string() });

async function recordStep(tx: Db, quoteId: string, kind: StepKind, actor: QuoteActor, body: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO quote_messages (quote_id, kind, user_id, staff_id, author, body)
    VALUES (${quoteId}, ${kind}, ${actor.kind === 'buyer' ? actor.userId : null},
      ${actor.kind === 'staff' ? actor.staffId : null}, ${actor.name}, ${body})`);
}

async function raiseEvent(tx: Db, moved: z.infer<typeof MovedRow>, kind: StepKind, message: string): Promise<void> {
  const [totals] = await rows(
    tx,
    TotalsRow,
    sql`
    SELECT count(*)::int AS "lineCount",
      (CASE WHEN bool_and(unit_net_cents IS NOT NULL) THEN sum(unit_net_cents::bigint * quantity) END)::float8 AS "totalNetCents"
    FROM quote_lines WHERE quote_id = ${moved.id}`,
  );
  const data: QuoteEventData = {
    id: moved.id,
    number: moved.number,
    status: moved.status as QuoteEventData['status'],
    customerNumber: moved.customerNumber,
    currency: moved.currency,
    validUntil: moved.validUntil,
    lineCount: totals?.lineCount ?? 0,
    totalNetCents: totals?.totalNetCents ?? null,
    message,
  };
  await recordEvent(tx, EVENT_OF[kind], data);
}

/**
 * Moves the quote `number` from one of `from` to `to` if it is still at `version` (and, for a buyer,
 * their company's), in `tx`; else says why not: not found, changed meanwhile, or not open for it.
 */
async function move(
  tx: Db,
  actor: QuoteActor,
  step: { number: string; version: number; from: readonly QuoteStatus[]; to: QuoteStatus; validUntil?: string },
): Promise<z.infer<typeof MovedRow>> {
  const company = actor.kind === 'buyer' ? sql`AND q.customer_id = ${actor.customerId}` : sql``;
  const from = sql.join(
    step.from.map((s) => sql`${s}`),
    sql`, `,
  );
  const [moved] = await rows(
    tx,
    MovedRow,
    sql`
    UPDATE quotes q SET status = ${step.to}, version = q.version + 1, updated_at = now(),
      valid_until = COALESCE(${step.validUntil ?? null}::date, q.valid_until)
    FROM customers c
    WHERE c.id = q.customer_id AND q.number = ${step.number} AND q.version = ${step.version} AND q.status IN (${from}) ${company}
    RETURNING q.id, q.number, q.status, q.version, q.currency, q.valid_until::text AS "validUntil", c.customernum AS "customerNumber"`,
  );
  if (moved) return moved;
  const [state] = await rows(
    tx,
    StateRow,
    sql`SELECT version, status, valid_until::text AS "validUntil" FROM quotes q WHERE q.number = ${step.number} ${company}`,
  );
  if (!state) throw quoteNotFound();
  throw state.version !== step.version ? quoteChanged() : quoteNotOpen();
}

/** A line a quote asks about: from the cart (with its accessories) or from a requisition list. */
export interface QuoteSourceLine {
  productId: number;
  sku: string;
  accessoriesKey?: string;
  accessorySkus?: string[];
  quantity: number;
}

/** The lines of the buyer's cart (which stays as it is). */
export async function cartLinesToQuote(db: Db, owner: CartOwner): Promise<QuoteSourceLine[]> {
  const cartId = await findOwnedCartId(db, owner);
  return (cartId ? await readSnapshot(db, cartId) : null)?.lines ?? [];
}

/** Asks for a quote on `lines` in the company's currency; the new quote's number. */
export async function requestQuote(
  db: Db,
  actor: Extract<QuoteActor, { kind: 'buyer' }>,
  input: { lines: readonly QuoteSourceLine[]; locale: string; comment: string },
): Promise<string> {
  const { lines } = input;
  if (lines.length === 0)
    throw new ApiError('QUOTE_EMPTY', 'There is nothing to quote: the cart or list is empty.', 400);
  if (lines.length > MAX_QUOTE_LINES)
    throw new ApiError('QUOTE_TOO_MANY_LINES', `A quote takes up to ${MAX_QUOTE_LINES} lines; please split it.`, 400);
  return db.transaction(async (tx) => {
    const [quote] = await rows(
      tx,
      IdRow,
      sql`
      INSERT INTO quotes (number, customer_id, user_id, status, currency, locale)
      SELECT 'Q' || nextval('quote_number_seq')::text, c.id, ${actor.userId}, 'requested', c.currency, ${input.locale}
      FROM customers c WHERE c.id = ${actor.customerId}
      RETURNING id, number`,
    );
    const values = lines.map(
      (l, position) =>
        sql`(${quote!.id}::uuid, ${l.productId}, ${l.sku}, ${l.accessoriesKey ?? ''}, ${JSON.stringify(l.accessorySkus ?? [])}::jsonb, ${l.quantity}, ${position})`,
    );
    await tx.execute(sql`
      INSERT INTO quote_lines (quote_id, product_id, sku, accessories_key, accessory_skus, quantity, position)
      VALUES ${sql.join(values, sql`, `)}`);
    await recordStep(tx, quote!.id, 'request', actor, input.comment);
    const [moved] = await rows(
      tx,
      MovedRow,
      sql`
      SELECT q.id, q.number, q.status, q.version, q.currency, q.valid_until::text AS "validUntil", c.customernum AS "customerNumber"
      FROM quotes q JOIN customers c ON c.id = q.customer_id WHERE q.id = ${quote!.id}`,
    );
    await raiseEvent(tx, moved!, 'request', input.comment);
    return quote!.number;
  });
}

const LineIdsRow = z.object({ id: z.string() });

/**
 * Staff's answer (or revision): a price for every line, the last valid day (today up to a year ahead,
 * `today` being the UTC day) and a message.
 */
export async function answerQuote(
  db: Db,
  actor: Extract<QuoteActor, { kind: 'staff' }>,
  input: {
    number: string;
    version: number;
    validUntil: string;
    message: string;
    prices: readonly { line: string; unitNetCents: number }[];
  },
  now: Date,
): Promise<void> {
  const last = new Date(now.getTime() + MAX_VALIDITY_DAYS * 86_400_000);
  if (input.validUntil < utcDay(now) || input.validUntil > utcDay(last))
    throw new ApiError('QUOTE_INVALID_DATE', 'The last valid day must be between today and a year from now.', 400, {
      issues: [{ path: 'validUntil', message: 'out of range' }],
    });
  await db.transaction(async (tx) => {
    const moved = await move(tx, actor, { ...input, from: ['requested', 'answered'], to: 'answered' });
    const lines = await rows(tx, LineIdsRow, sql`SELECT id FROM quote_lines WHERE quote_id = ${moved.id}`);
    const priced = new Map(input.prices.map((p) => [p.line, p.unitNetCents]));
    const missing = lines.filter((l) => !priced.has(l.id));
    if (missing.length > 0 || priced.size !== lines.length)
      throw new ApiError('QUOTE_PRICE_MISSING', 'Every line of the quote needs a price.', 400, {
        lines: missing.map((l) => l.id),
      });
    for (const line of lines)
      await tx.execute(sql`UPDATE quote_lines SET unit_net_cents = ${priced.get(line.id)!} WHERE id = ${line.id}`);
    await recordStep(tx, moved.id, 'answer', actor, input.message);
    await raiseEvent(tx, moved, 'answer', input.message);
  });
}

/** The buyer asks for a new answer: after an answer (also an expired one), with a message. */
export async function askAgain(
  db: Db,
  actor: Extract<QuoteActor, { kind: 'buyer' }>,
  input: { number: string; version: number; comment: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await move(tx, actor, { ...input, from: ['answered', 'accepted'], to: 'requested' });
    await recordStep(tx, moved.id, 'ask', actor, input.comment);
    await raiseEvent(tx, moved, 'ask', input.comment);
  });
}

/** The buyer declines: before or after an answer, and after accepting as long as nothing was ordered. */
export async function declineQuote(
  db: Db,
  actor: Extract<QuoteActor, { kind: 'buyer' }>,
  input: { number: string; version: number; comment: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await move(tx, actor, { ...input, from: ['requested', 'answered', 'accepted'], to: 'declined' });
    await recordStep(tx, moved.id, 'decline', actor, input.comment);
    await raiseEvent(tx, moved, 'decline', input.comment);
  });
}

const QuotedLineRow = z.object({
  quoteLineId: z.string(),
  productId: z.number(),
  sku: z.string(),
  accessoriesKey: z.string(),
  accessorySkus: z.array(z.string()),
  quantity: z.number(),
});

/**
 * The buyer accepts an answered quote before its last day: its lines go into their cart at the quoted
 * quantities, linked to the quote, in the same transaction (a cart that cannot take them leaves the
 * quote answered).
 */
export async function acceptQuote(
  db: Db,
  actor: Extract<QuoteActor, { kind: 'buyer' }>,
  input: { number: string; version: number; owner: CartOwner },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await move(tx, actor, { ...input, from: ['answered'], to: 'accepted' });
    if (isExpired({ status: 'answered', validUntil: moved.validUntil }, now)) throw quoteExpired();
    const lines = await rows(
      tx,
      QuotedLineRow,
      sql`
      SELECT id AS "quoteLineId", product_id AS "productId", sku, accessories_key AS "accessoriesKey",
        accessory_skus AS "accessorySkus", quantity
      FROM quote_lines WHERE quote_id = ${moved.id} ORDER BY position`,
    );
    await putQuotedLines(tx, input.owner, moved.currency, lines);
    await recordStep(tx, moved.id, 'accept', actor, '');
    await raiseEvent(tx, moved, 'accept', '');
  });
}
