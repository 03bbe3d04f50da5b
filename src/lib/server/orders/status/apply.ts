// Applying one of the ERP's status reports to an order (docs/erp.md, "Status back"), in one transaction
// under the order's row lock: the report and its PDF are stored, a cancellation gives back the order's
// stock and coupon, a payment marks an invoice order paid, the order's last_modified moves (the export
// lists it again), and the webhook event is written to the outbox. The same report sent again (the ERP retries after a timeout) finds its row
// by the ERP's id and changes nothing.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/index.ts';
import { ApiError } from '../../http.ts';
import type { ErrorCode } from '#lib/http/errors.ts';
import { findOrder, type OrderRow } from '../queries.ts';
import { orderAlreadyPaid, orderCancelled, orderNotFound } from '../errors.ts';
import { cancelAndRelease } from '../release.ts';
import { orderEventData, recordEvent, recordOrderChange } from '../../webhooks/index.ts';
import { STATUS_WEBHOOK_EVENTS } from '#lib/webhooks/events.ts';
import { carrierTrackingUrl, openQuantities, type OrderStatusEvent } from '#lib/orders/status.ts';
import type { StatusEventInput } from './input.ts';
import { eventBySource, statusEvents, type StoredEventData } from './read.ts';

export interface AppliedEvent {
  event: OrderStatusEvent;
  order: OrderRow;
  /** False for a replay of a report the shop already has: nothing changed and nobody is mailed again. */
  created: boolean;
}

const IdRow = z.object({ id: z.string() });
const CouponRow = z.object({ couponCode: z.string().nullable() });

const conflict = (code: ErrorCode, message: string, details?: Record<string, unknown>) =>
  new ApiError(code, message, 409, details);

/** The lines this parcel holds: those named (each at most what is still open), or everything still open. */
function shippedLines(
  order: OrderRow,
  requested: { sku: string; quantity: number }[] | undefined,
  earlier: OrderStatusEvent[],
): NonNullable<StoredEventData['shipment']>['lines'] {
  const items = order.cartInfo.cartItems;
  const open = openQuantities(items, earlier);
  const name = (sku: string) => items.find((item) => item.sku === sku)?.name ?? sku;
  if (!requested) {
    const rest = [...open].filter(([, quantity]) => quantity > 0);
    if (rest.length === 0) throw conflict('NOTHING_TO_SHIP', 'Every line of the order has shipped already.');
    return rest.map(([sku, quantity]) => ({ sku, name: name(sku), quantity }));
  }
  const unknown = requested.filter((line) => !open.has(line.sku)).map((line) => line.sku);
  if (unknown.length > 0)
    throw new ApiError('VALIDATION_FAILED', `The order has no line with the sku ${unknown.join(', ')}.`, 400, {
      fields: [{ path: 'lines', message: `not in the order: ${unknown.join(', ')}` }],
    });
  const counted = new Map<string, number>();
  for (const line of requested) counted.set(line.sku, (counted.get(line.sku) ?? 0) + line.quantity);
  const over = [...counted].filter(([sku, quantity]) => quantity > (open.get(sku) ?? 0));
  if (over.length > 0)
    throw conflict(
      'SHIPPED_TOO_MANY',
      `More pieces than are still to ship: ${over.map(([sku]) => `${sku} (${open.get(sku) ?? 0} open)`).join(', ')}.`,
      { open: Object.fromEntries(over.map(([sku]) => [sku, open.get(sku) ?? 0])) },
    );
  return [...counted].map(([sku, quantity]) => ({ sku, name: name(sku), quantity }));
}

/** What a report may not do to this order; throws the 409 that says why. */
function refuseImpossible(order: OrderRow, input: StatusEventInput, earlier: OrderStatusEvent[]): void {
  if (order.status === 'cancelled' && input.type !== 'credit_note') throw orderCancelled();
  if (input.type === 'paid' && order.paymentMethodCode !== 'invoice')
    throw conflict(
      'NOT_ON_INVOICE',
      `Only an order on invoice is paid to the merchant; this one is paid through ${order.paymentMethodCode}.`,
    );
  if (input.type === 'paid' && order.paymentStatus === 'paid') throw orderAlreadyPaid();
  if (input.type === 'cancelled' && earlier.some((event) => event.type === 'shipped'))
    throw conflict('ORDER_SHIPPED', 'Part of the order has shipped; send a credit note for what is not delivered.');
  if (
    'number' in input &&
    earlier.some((event) => event.document?.number === input.number && event.type === input.type)
  )
    throw conflict('DOCUMENT_EXISTS', `The order already has the document ${input.number}.`);
}

function storedData(order: OrderRow, input: StatusEventInput, earlier: OrderStatusEvent[]): StoredEventData {
  return {
    note: input.note ?? null,
    shipment:
      input.type === 'shipped'
        ? {
            carrier: input.carrier,
            trackingNumber: input.trackingNumber,
            trackingUrl: input.trackingUrl ?? carrierTrackingUrl(input.carrier, input.trackingNumber),
            lines: shippedLines(order, input.lines, earlier),
          }
        : null,
    document: 'number' in input ? { number: input.number, date: input.date } : null,
  };
}

/** A document's file name when the ERP gave none: "invoice-RE-2026-0042.pdf". */
const defaultFileName = (type: 'invoiced' | 'credit_note', number: string) =>
  `${type === 'invoiced' ? 'invoice' : 'credit-note'}-${number.replace(/[^\p{L}\p{N}._-]+/gu, '-')}.pdf`;

export async function applyStatusEvent(db: Db, orderId: string, input: StatusEventInput): Promise<AppliedEvent> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, { lock: true });
    if (!order) throw orderNotFound();
    if (input.id !== undefined) {
      const prior = await eventBySource(tx, orderId, input.id);
      if (prior?.type === input.type) return { event: prior, order, created: false };
      if (prior)
        throw conflict('EVENT_ID_REUSED', `The event id ${input.id} was sent before for a ${prior.type} report.`);
    }
    const earlier = await statusEvents(tx, orderId);
    refuseImpossible(order, input, earlier);
    const data = storedData(order, input, earlier);
    const occurredAt = input.occurredAt ? new Date(input.occurredAt) : new Date();
    const [inserted] = await rows(
      tx,
      IdRow,
      sql`
      INSERT INTO order_events (order_id, source_id, type, data, occurred_at)
      VALUES (${orderId}, ${input.id ?? null}, ${input.type}, ${JSON.stringify(data)}::jsonb, ${occurredAt.toISOString()})
      RETURNING id`,
    );
    const eventId = inserted!.id;
    if (input.type === 'invoiced' || input.type === 'credit_note') {
      await tx.execute(sql`
        INSERT INTO order_documents (order_id, event_id, kind, number, file_name, size, content)
        VALUES (${orderId}, ${eventId}, ${input.type === 'invoiced' ? 'invoice' : 'credit_note'}, ${input.number},
          ${input.fileName ?? defaultFileName(input.type, input.number)}, ${input.pdf.length}, ${input.pdf})`);
    }
    if (input.type === 'cancelled') {
      const [coupon] = await rows(
        tx,
        CouponRow,
        sql`SELECT coupon_code AS "couponCode" FROM orders WHERE id = ${orderId}`,
      );
      await cancelAndRelease(tx, orderId, coupon?.couponCode ?? null);
    } else {
      // A paid invoice leaves the company's open balance (credit.ts sums unpaid invoice orders).
      const paid = input.type === 'paid' ? sql`, payment_status = 'paid'` : sql``;
      await tx.execute(sql`UPDATE orders SET last_modified = now()${paid} WHERE id = ${orderId}`);
    }
    const after = (await findOrder(tx, orderId))!;
    const event = (await statusEvents(tx, orderId)).find((e) => e.id === eventId)!;
    if (input.type === 'cancelled') await recordOrderChange(tx, order, after);
    else await recordEvent(tx, STATUS_WEBHOOK_EVENTS[input.type], { ...(await orderEventData(tx, after)), event });
    return { event, order: after, created: true };
  });
}
