// What the ERP reports about an order after the shop handed it over (docs/erp.md, "Status back"), as
// the order page and the mails show it: a timeline of dated entries with tracking and documents.

export const ORDER_STATUS_EVENT_TYPES = [
  'confirmed',
  'shipped',
  'invoiced',
  'paid',
  'cancelled',
  'credit_note',
] as const;
export type OrderStatusEventType = (typeof ORDER_STATUS_EVENT_TYPES)[number];

/** The kinds of PDF the ERP sends back with an event. */
export type OrderDocumentKind = 'invoice' | 'credit_note';

/** One shipped line: the sku as the order and its export have it, and how many of it left in this parcel. */
interface ShippedLine {
  sku: string;
  name: string;
  quantity: number;
}

/** A document as the page lists it; its bytes come from the download endpoint. */
export interface OrderDocumentRef {
  id: string;
  kind: OrderDocumentKind;
  number: string;
  /** The document's own date (YYYY-MM-DD), as printed on it. */
  date: string;
  fileName: string;
  size: number;
}

export interface OrderStatusEvent {
  id: string;
  type: OrderStatusEventType;
  /** When it happened, ISO 8601. */
  occurredAt: string;
  /** A free text the ERP adds (a cancellation's reason, a delivery remark). */
  note: string | null;
  shipment: {
    carrier: string;
    trackingNumber: string;
    /** The carrier's tracking page, when the ERP gave one or the carrier is known; else null. */
    trackingUrl: string | null;
    lines: ShippedLine[];
  } | null;
  document: OrderDocumentRef | null;
}

/**
 * Tracking pages of the carriers German wholesalers ship with most, for an ERP that reports only the
 * carrier and the number. Keys are matched case-insensitively against the start of the carrier's name.
 */
const TRACKING_PAGES: readonly [RegExp, (number: string) => string][] = [
  [/^dhl/i, (n) => `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${n}`],
  [/^dpd/i, (n) => `https://tracking.dpd.de/status/de_DE/parcel/${n}`],
  [/^ups/i, (n) => `https://www.ups.com/track?tracknum=${n}`],
  [/^gls/i, (n) => `https://gls-group.com/track/${n}`],
  [/^fedex/i, (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`],
  [/^hermes/i, (n) => `https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#${n}`],
];

/** The tracking page of a known carrier for this number, else null. */
export function carrierTrackingUrl(carrier: string, trackingNumber: string): string | null {
  const page = TRACKING_PAGES.find(([pattern]) => pattern.test(carrier.trim()));
  return page ? page[1](encodeURIComponent(trackingNumber)) : null;
}

/** Pieces of each sku still to ship, from the order's lines less every shipment so far. */
export function openQuantities(
  ordered: readonly { sku: string; quantity: number }[],
  events: readonly Pick<OrderStatusEvent, 'shipment'>[],
): Map<string, number> {
  const open = new Map<string, number>();
  for (const line of ordered) open.set(line.sku, (open.get(line.sku) ?? 0) + line.quantity);
  for (const { shipment } of events)
    for (const line of shipment?.lines ?? []) open.set(line.sku, (open.get(line.sku) ?? 0) - line.quantity);
  return open;
}

/** The message key of an entry's heading on the order page and in the mail's subject line. */
export const STATUS_TITLE_KEYS = {
  confirmed: 'order.status.confirmed',
  shipped: 'order.status.shipped',
  invoiced: 'order.status.invoiced',
  paid: 'order.status.paid',
  cancelled: 'order.status.cancelled',
  credit_note: 'order.status.credit_note',
} as const satisfies Record<OrderStatusEventType, string>;
