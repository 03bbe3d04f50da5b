// One due run of a scheduled reorder: the order placed through the checkout's own path (issue 37, item 5).
//
// In one transaction: the schedule's row is locked while it is still due on that date, the run is
// claimed by its key (schedule, due date; INSERT … ON CONFLICT DO NOTHING), the order is placed, the
// run's outcome written and the next date moved on by the interval (or the schedule ended past its end
// date). A second runner, in this process or another instance, waits on the lock and then finds the
// schedule no longer due on that date (and the run claimed); a crash before the commit leaves nothing,
// so the next pass runs the date again, and after the commit the outcome is there to read and mail.
//
// The order is placed as the checkout places it (src/lib/server/orders/create.ts), as the schedule's
// buyer: a cart of theirs is filled line by line through the cart's own add, as a reorder fills it
// (server prices for the company now, the quantity rules, the 9,999 limit, what may be sold, the
// stock rule), and a line the cart refuses is left out with its reason. The cart is then ordered on
// invoice with createOrder: stock holds, the order caps, the credit limit, the buyer's order limit and
// the company's budgets (beyond them it waits for approval exactly as at checkout). The cart is the
// buyer's active cart only inside this transaction: their own cart is theirs again when it commits.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Address } from '#lib/checkout/address.ts';
import type { Features } from '#lib/content/features.ts';
import { offeredPaymentMethods, type PaymentConfiguration } from '#lib/checkout/payment-methods.ts';
import { hasPermission, isRole } from '#lib/account/roles.ts';
import { isLocale, DEFAULT_LOCALE, type Locale } from '#lib/i18n/locales.ts';
import type { LeftOutLine, LeftOutReason, RunOutcome } from '#lib/scheduled-reorders/contract.ts';
import { followingDue } from '#lib/scheduled-reorders/rules.ts';
import type { Db } from '../db/client.ts';
import { document, json, rows } from '../db/index.ts';
import { scheduleLines } from './store.ts';
import { ApiError } from '../http.ts';
import { permissionDenied } from '../auth/index.ts';
import {
  addToCart,
  isLineError,
  lockCartHolder,
  priceCart,
  pricesFingerprint,
  readSnapshot,
  setActiveCart,
  type CartOwner,
} from '../cart/index.ts';
import { confirmOrder, createOrder, type ConfirmResult, type OrderLimits, type OrderRow } from '../orders/index.ts';

/** What placing an order needs of the shop: its settings, as the checkout's endpoints read them. */
export interface PlaceDeps {
  features(): Promise<Features>;
  payments(): PaymentConfiguration;
  orderLimits(): OrderLimits;
  shopCurrency(): string;
}

const DueRow = z.object({
  id: z.string(),
  customerId: z.string(),
  userId: z.string(),
  role: z.string(),
  email: z.string(),
  locale: z.string(),
  intervalWeeks: z.number(),
  endDate: z.string().nullable(),
  shippingAddress: document<Address>('an address'),
  billingAddress: document<Address>('an address'),
  shippingMethodCode: z.string(),
  lines: json(
    z.array(z.object({ sku: z.string(), name: z.string(), quantity: z.number(), accessorySkus: z.array(z.string()) })),
  ),
});
type DueSchedule = z.infer<typeof DueRow>;

/** The schedule, locked, while it is active and due on `due`; null otherwise (another runner ran it, or it changed). */
async function lockDue(tx: Db, scheduleId: string, due: string): Promise<DueSchedule | null> {
  const [found] = await rows(
    tx,
    DueRow,
    sql`
    SELECT s.id, s.customer_id AS "customerId", s.user_id AS "userId", u.role, u.email,
      COALESCE(u.locale, c.locale) AS locale, s.interval_weeks AS "intervalWeeks", s.end_date::text AS "endDate",
      s.shipping_address AS "shippingAddress", s.billing_address AS "billingAddress",
      s.shipping_method_code AS "shippingMethodCode",
      ${scheduleLines(sql`COALESCE(u.locale, c.locale)`)} AS lines
    FROM scheduled_reorders s
    JOIN customer_users u ON u.id = s.user_id
    JOIN customers c ON c.id = s.customer_id
    WHERE s.id = ${scheduleId} AND s.status = 'active' AND s.next_date = ${due}
    FOR UPDATE OF s`,
  );
  return found ?? null;
}

const Claimed = z.object({ scheduleId: z.string() });

/** Claims the run of `due`: true for the one transaction that inserts it. */
async function claimRun(tx: Db, scheduleId: string, due: string): Promise<boolean> {
  const claimed = await rows(
    tx,
    Claimed,
    sql`
    INSERT INTO scheduled_reorder_runs (schedule_id, due_date, outcome) VALUES (${scheduleId}, ${due}, 'refused')
    ON CONFLICT DO NOTHING RETURNING schedule_id AS "scheduleId"`,
  );
  return claimed.length > 0;
}

/** What one run did: the order it placed (confirmed on invoice, or waiting for approval), or why none. */
export interface RunResult {
  scheduleId: string;
  dueDate: string;
  outcome: RunOutcome;
  order: OrderRow | null;
  /** The confirmation the order got, for its mail after the commit; null when it waits or none was placed. */
  confirmed: ConfirmResult | null;
  leftOut: LeftOutLine[];
  refusal: string | null;
}

const REASONS: Record<string, LeftOutReason> = {
  PRODUCT_NOT_FOUND: 'gone',
  PRODUCT_NOT_PURCHASABLE: 'not-orderable',
  ACCESSORY_NOT_ALLOWED: 'not-orderable',
  PRODUCT_NOT_AVAILABLE: 'out-of-stock',
};

/** No line of the schedule could go into the cart: nothing is ordered, and the cart is rolled back. */
class NothingOrderable extends Error {}

/** A new cart of the buyer's, with the schedule's addresses and method, their active cart for now; answers it and the one it replaced. */
async function openCart(tx: Db, owner: CartOwner, schedule: DueSchedule) {
  const holder = await lockCartHolder(tx, owner);
  const [user] = await rows(
    tx,
    z.object({ previous: z.string().nullable() }),
    sql`SELECT active_cart_id AS previous FROM customer_users WHERE id = ${holder.userId}`,
  );
  const [cart] = await rows(
    tx,
    z.object({ id: z.string() }),
    sql`
    INSERT INTO carts (customer_id, user_id, currency, shipping_address, billing_address, shipping_method_code)
    VALUES (${holder.customerId}, ${holder.userId}, ${holder.currency}, ${JSON.stringify(schedule.shippingAddress)}::jsonb,
      ${JSON.stringify(schedule.billingAddress)}::jsonb, ${schedule.shippingMethodCode})
    RETURNING id`,
  );
  await setActiveCart(tx, holder.userId, cart!.id);
  return { cartId: cart!.id, previous: user?.previous ?? null };
}

async function placeOrder(
  tx: Db,
  schedule: DueSchedule,
  due: string,
  now: Date,
  deps: PlaceDeps,
  leftOut: LeftOutLine[],
): Promise<{ order: OrderRow; confirmed: ConfirmResult | null }> {
  const owner: CartOwner = { customerId: schedule.customerId, userId: schedule.userId, guestCartId: null };
  // The buyer's role as it is today: one that no longer may order places nothing.
  if (!isRole(schedule.role) || !hasPermission(schedule.role, 'order')) throw permissionDenied('order');
  const locale: Locale = isLocale(schedule.locale) ? schedule.locale : DEFAULT_LOCALE;
  const { cartId, previous } = await openCart(tx, owner, schedule);
  for (const line of schedule.lines) {
    try {
      await addToCart(
        tx,
        { owner, expectedCartId: cartId },
        { sku: line.sku, quantity: line.quantity, accessories: line.accessorySkus },
      );
    } catch (error) {
      if (!isLineError(error)) throw error;
      leftOut.push({ sku: line.sku, name: line.name, reason: REASONS[error.code] ?? 'quantity' });
    }
  }
  const snapshot = (await readSnapshot(tx, cartId))!;
  if (snapshot.lines.length === 0) throw new NothingOrderable();
  const shopCurrency = deps.shopCurrency();
  // A company user sees prices, as every signed-in user does.
  const priced = await priceCart(tx, snapshot, { locale, pricesVisible: true, shopCurrency, now });
  const created = await createOrder(
    tx,
    {
      // One order per schedule and due date, whatever happens around it.
      idempotencyKey: `scheduled-reorder:${schedule.id}:${due}`,
      cartId,
      cartVersion: snapshot.cart.version,
      pricesHash: pricesFingerprint(priced),
      paymentMethodCode: 'invoice',
      locale,
    },
    {
      owner,
      userId: schedule.userId,
      customerEmail: schedule.email,
      pricesVisible: true,
      features: await deps.features(),
      offeredMethods: offeredPaymentMethods(deps.payments()),
      shopCurrency,
      // No browser: no address to count open orders by (the company's own caps still count).
      clientIp: 'unknown',
      limits: deps.orderLimits(),
      now,
    },
  );
  // The ordered cart is nobody's now; the buyer's own cart is theirs again.
  await tx.execute(sql`
    UPDATE customer_users SET active_cart_id = ${previous} WHERE id = ${schedule.userId} AND active_cart_id IS NULL`);
  // On invoice the order is placed at once, as the buyer's confirm after the checkout does; one over a
  // limit or budget waits for its approver instead.
  if (created.row.status !== 'pending') return { order: created.row, confirmed: null };
  const confirmed = await confirmOrder(tx, created.row.id);
  return { order: confirmed.order, confirmed };
}

/** The run's outcome: the order placed, nothing orderable, or the checkout's refusal (its code). */
async function attempt(
  tx: Db,
  schedule: DueSchedule,
  due: string,
  now: Date,
  deps: PlaceDeps,
): Promise<Omit<RunResult, 'scheduleId' | 'dueDate'>> {
  const leftOut: LeftOutLine[] = [];
  try {
    // A savepoint: a refusal takes back the cart and everything the attempt wrote, not the claim.
    const placed = await tx.transaction((sp) => placeOrder(sp, schedule, due, now, deps, leftOut));
    const outcome = placed.order.status === 'awaiting_approval' ? 'awaiting_approval' : 'placed';
    return { outcome, ...placed, leftOut, refusal: null };
  } catch (error) {
    if (error instanceof NothingOrderable)
      return { outcome: 'nothing_orderable', order: null, confirmed: null, leftOut, refusal: null };
    if (error instanceof ApiError)
      return { outcome: 'refused', order: null, confirmed: null, leftOut: [], refusal: error.code };
    throw error;
  }
}

/**
 * Runs the schedule's due date `due` once, whoever else tries: the run's result, or null where this
 * call did not run it (not due on that date any more, or another runner's claim).
 */
export async function runDue(
  db: Db,
  scheduleId: string,
  due: string,
  today: string,
  now: Date,
  deps: PlaceDeps,
): Promise<RunResult | null> {
  return db.transaction(async (tx) => {
    const schedule = await lockDue(tx, scheduleId, due);
    if (!schedule) return null;
    const pastEnd = schedule.endDate !== null && due > schedule.endDate;
    const result =
      !pastEnd && (await claimRun(tx, scheduleId, due))
        ? { scheduleId, dueDate: due, ...(await attempt(tx, schedule, due, now, deps)) }
        : null;
    if (result)
      await tx.execute(sql`
        UPDATE scheduled_reorder_runs SET outcome = ${result.outcome}, order_id = ${result.order?.id ?? null},
          report = ${JSON.stringify({ leftOut: result.leftOut, refusal: result.refusal })}::jsonb, ran_at = ${now.toISOString()}
        WHERE schedule_id = ${scheduleId} AND due_date = ${due}`);
    // On to the next date (a date already run, set again by hand, moves on too); past the end it ends.
    const next = followingDue(due, schedule.intervalWeeks, today);
    const ended = pastEnd || (schedule.endDate !== null && next > schedule.endDate);
    await tx.execute(sql`
      UPDATE scheduled_reorders SET next_date = ${next}, status = ${ended ? 'ended' : 'active'}, updated_at = now()
      WHERE id = ${scheduleId}`);
    return result;
  });
}
