// The events the shop sends to webhook endpoints (docs/webhooks.md), shared by the server that records
// them and the workspace that lets an admin subscribe to them. A new event is one more name here plus
// the recordEvent call where its change is committed; endpoints subscribed to "every event" get it.

import type { OrderStatusEvent } from '#lib/orders/status.ts';

export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.cancelled',
  'order.confirmed',
  'order.shipped',
  'order.invoiced',
  'order.credited',
  'customer.created',
  'quote.requested',
  'quote.answered',
  'quote.accepted',
  'quote.declined',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const isWebhookEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** What an order event carries: enough to find and route the order; the ERP fetches the rest. */
export interface OrderEventData {
  id: string;
  /** The order number the buyer sees. */
  number: string;
  // awaiting_approval never goes out: an order waiting for approval raises its events once approved.
  status: 'awaiting_approval' | 'pending' | 'confirmed' | 'cancelled';
  paymentStatus: string;
  paymentMethod: string;
  /** Null for a guest order. */
  customerNumber: string | null;
  email: string;
  currency: string;
  /** Integer cents, as everywhere in the shop. */
  totals: { grandTotalCents: number };
  createdAt: string;
}

/** The ERP's status reports (docs/erp.md), passed on with the order they concern. */
interface OrderStatusEventData extends OrderEventData {
  event: OrderStatusEvent;
}

/** The webhook event each ERP report raises (a cancellation is the order.cancelled every cancel raises). */
export const STATUS_WEBHOOK_EVENTS = {
  confirmed: 'order.confirmed',
  shipped: 'order.shipped',
  invoiced: 'order.invoiced',
  paid: 'order.paid',
  credit_note: 'order.credited',
} as const;

export interface CustomerEventData {
  id: string;
  customerNumber: string;
  email: string;
  company: string | null;
}

/** What a quote event carries (docs/webhooks.md): the quote's state after the step; amounts in cents. */
export interface QuoteEventData {
  id: string;
  number: string;
  status: 'requested' | 'answered' | 'accepted' | 'declined';
  customerNumber: string;
  currency: string;
  /** The last day its prices may be ordered (YYYY-MM-DD); null until answered. */
  validUntil: string | null;
  lineCount: number;
  /** Net sum of the quoted lines; null until answered. */
  totalNetCents: number | null;
  /** The buyer's or staff's message with the step, if any. */
  message: string;
}

export interface WebhookEventData {
  'order.created': OrderEventData;
  'order.paid': OrderEventData;
  'order.cancelled': OrderEventData;
  'order.confirmed': OrderStatusEventData;
  'order.shipped': OrderStatusEventData;
  'order.invoiced': OrderStatusEventData;
  'order.credited': OrderStatusEventData;
  'customer.created': CustomerEventData;
  'quote.requested': QuoteEventData;
  'quote.answered': QuoteEventData;
  'quote.accepted': QuoteEventData;
  'quote.declined': QuoteEventData;
}

/** The body of every delivery (Standard Webhooks' recommended envelope). */
export interface WebhookEnvelope<T extends WebhookEventType = WebhookEventType> {
  type: T;
  /** When the change was committed, ISO 8601. */
  timestamp: string;
  data: WebhookEventData[T];
}

export const DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;

/** The part of an order whose change raises events. */
export interface OrderState {
  status: OrderEventData['status'];
  paymentStatus: string;
}

/**
 * The events one change of an order raises (`before` null: the order is new). One rule for every
 * writer, so an order paid by a webhook, by the shopper's return or at creation (nothing to pay)
 * says so once, in the order created → paid → cancelled.
 */
export function orderEventTypes(before: OrderState | null, after: OrderState): WebhookEventType[] {
  const types: WebhookEventType[] = [];
  if (before === null) types.push('order.created');
  if (after.paymentStatus === 'paid' && before?.paymentStatus !== 'paid') types.push('order.paid');
  if (after.status === 'cancelled' && before?.status !== 'cancelled') types.push('order.cancelled');
  return types;
}
