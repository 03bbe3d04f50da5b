// Reading an order's status reports: the timeline the order page shows, and a document's bytes for its
// download. Who may ask is the caller's business (src/lib/server/orders/access.ts).
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../../db/client.ts';
import { document, isUuid, rows, timestamp } from '../../db/index.ts';
import {
  ORDER_STATUS_EVENT_TYPES,
  type OrderDocumentKind,
  type OrderDocumentRef,
  type OrderStatusEvent,
} from '#lib/orders/status.ts';

/** What an event row keeps in `data`: everything but the document, which has its own table. */
export interface StoredEventData {
  note: string | null;
  shipment: OrderStatusEvent['shipment'];
  /** The document's number and date: on the event too, so a report replayed without its PDF answers the same. */
  document: { number: string; date: string } | null;
}

const EventRow = z.object({
  id: z.string(),
  sourceId: z.string().nullable(),
  type: z.enum(ORDER_STATUS_EVENT_TYPES),
  data: document<StoredEventData>('an order event'),
  occurredAt: timestamp,
  documentId: z.string().nullable(),
  kind: z.enum(['invoice', 'credit_note']).nullable(),
  fileName: z.string().nullable(),
  size: z.number().nullable(),
});
type EventRow = z.infer<typeof EventRow>;

const SELECT_EVENTS = sql`
  SELECT e.id, e.source_id AS "sourceId", e.type, e.data, e.occurred_at AS "occurredAt",
    d.id AS "documentId", d.kind, d.file_name AS "fileName", d.size
  FROM order_events e LEFT JOIN order_documents d ON d.event_id = e.id`;

function documentOf(row: EventRow): OrderDocumentRef | null {
  if (!row.documentId || !row.kind || !row.data.document) return null;
  return {
    id: row.documentId,
    kind: row.kind,
    number: row.data.document.number,
    date: row.data.document.date,
    fileName: row.fileName ?? `${row.data.document.number}.pdf`,
    size: row.size ?? 0,
  };
}

function eventOf(row: EventRow): OrderStatusEvent {
  return {
    id: row.id,
    type: row.type,
    occurredAt: row.occurredAt.toISOString(),
    note: row.data.note,
    shipment: row.data.shipment,
    document: documentOf(row),
  };
}

/** The order's reports, oldest first (as they happened, ties in the order the shop heard of them). */
export async function statusEvents(db: Db, orderId: string): Promise<OrderStatusEvent[]> {
  const found = await rows(
    db,
    EventRow,
    sql`${SELECT_EVENTS} WHERE e.order_id = ${orderId} ORDER BY e.occurred_at, e.created_at, e.id`,
  );
  return found.map(eventOf);
}

/** The report the ERP sent under this id before, with its type to tell a replay from a reused id. */
export async function eventBySource(db: Db, orderId: string, sourceId: string): Promise<OrderStatusEvent | null> {
  const [row] = await rows(
    db,
    EventRow,
    sql`${SELECT_EVENTS} WHERE e.order_id = ${orderId} AND e.source_id = ${sourceId}`,
  );
  return row ? eventOf(row) : null;
}

const DocumentRow = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  fileName: z.string(),
  content: z.instanceof(Uint8Array),
});

/** One of the order's documents with its bytes, or null (another order's document id finds nothing). */
export async function orderDocument(
  db: Db,
  orderId: string,
  documentId: string,
): Promise<{ kind: OrderDocumentKind; fileName: string; content: Uint8Array } | null> {
  if (!isUuid(documentId)) return null;
  const [row] = await rows(
    db,
    DocumentRow,
    sql`
    SELECT kind, file_name AS "fileName", content FROM order_documents
    WHERE id = ${documentId} AND order_id = ${orderId}`,
  );
  return row ?? null;
}
