// The glue every on-demand checkout, pay and order-payment page shares: the locale from the route
// (404 for an unknown or unoffered one), the shell, and for checkout pages the guard redirect and the
// server-side cart (src/lib/server/checkout/page-state.ts).
import type { AstroCookies } from 'astro';
import type { CheckoutPage } from '#lib/checkout/rules.ts';
import { localeFromParam, type Locale } from '#lib/i18n/locales.ts';
import { eq } from 'drizzle-orm';
import type { PaymentResultOrder } from '#lib/checkout/payment-result.ts';
import type { InvoiceSetting } from '#lib/content/schemas.ts';
import { getDb, isUuid } from '../db/index.ts';
import { orders } from '../db/schema.ts';
import { getContent } from '../content.ts';
import { checkoutPageState, type CheckoutPageState } from './page-state.ts';
import { loadShell, type Shell } from '../shell.ts';

export type CheckoutPageResult =
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; locale: Locale; shell: Shell; state: CheckoutPageState | null };

export async function loadCheckoutPage(
  context: { params: Record<string, string | undefined>; cookies: AstroCookies; url: URL },
  page: CheckoutPage | null,
): Promise<CheckoutPageResult> {
  const locale = localeFromParam(context.params.lang);
  if (!locale) return { kind: 'not-found' };
  const shell = await loadShell(locale);
  if (!shell.offeredLocales.includes(locale)) return { kind: 'not-found' };
  const state = page ? await checkoutPageState(context, locale, page) : null;
  if (state?.redirect) return { kind: 'redirect', to: state.redirect };
  return { kind: 'page', locale, shell, state };
}

/** A uuid route parameter (order ids), or null. */
export function uuidParam(value: string | undefined): string | null {
  return isUuid(value) ? value : null;
}

/** What an order page needs to know of its order before it renders. */
type OrderPageOrder = PaymentResultOrder & { transactionnum: string };

export type OrderPageResult =
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; locale: Locale; shell: Shell; state: CheckoutPageState | null; order: OrderPageOrder };

/**
 * An order page (thank-you, pay, payment result): like loadCheckoutPage, and a 404 when no order has
 * this id, so a mistyped or made-up link gets the error page with its status instead of an empty page.
 */
export async function loadOrderPage(context: Parameters<typeof loadCheckoutPage>[0], page: CheckoutPage | null, orderId: string | null): Promise<OrderPageResult> {
  const order = orderId ? await orderSummary(orderId) : null;
  if (!order) return { kind: 'not-found' };
  const base = await loadCheckoutPage(context, page);
  return base.kind === 'page' ? { ...base, order } : base;
}

async function orderSummary(id: string): Promise<OrderPageOrder | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db.select({
    status: orders.status, paymentStatus: orders.paymentStatus, paymentMethodCode: orders.paymentMethodCode,
    transactionnum: orders.transactionnum,
  }).from(orders).where(eq(orders.id, id));
  return row ? row as OrderPageOrder : null;
}

/** The invoice setting (terms and bank account) for an invoice order's confirmation; null when the shop has none. */
export async function invoiceDetails(locale: Locale): Promise<InvoiceSetting | null> {
  return (await getContent('setting:invoice', locale))?.config ?? null;
}
