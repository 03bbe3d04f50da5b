// The glue every on-demand checkout, pay and order-payment page shares (the order pages' own part:
// src/lib/server/orders/order-page.ts): the locale from the route
// (404 for an unknown or unoffered one), the shell, and for checkout pages the guard redirect and the
// server-side cart (src/lib/server/checkout/page-state.ts).
import type { AstroCookies } from 'astro';
import type { CheckoutPage } from '#lib/checkout/rules.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { InvoiceSetting } from '#lib/content/schemas.ts';
import { isUuid } from '../db/index.ts';
import { getContent } from '../content.ts';
import { checkoutPageState, type CheckoutPageState } from './page-state.ts';
import { shellForParam, type Shell } from '../shell.ts';

export type CheckoutPageResult =
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; locale: Locale; shell: Shell; state: CheckoutPageState | null };

export async function loadCheckoutPage(
  context: { params: Record<string, string | undefined>; cookies: AstroCookies; url: URL },
  page: CheckoutPage | null,
): Promise<CheckoutPageResult> {
  const shell = await shellForParam(context.params.lang);
  if (!shell) return { kind: 'not-found' };
  const { locale } = shell;
  const state = page ? await checkoutPageState(context, locale, page) : null;
  if (state?.redirect) return { kind: 'redirect', to: state.redirect };
  return { kind: 'page', locale, shell, state };
}

/** A uuid route parameter (order ids), or null. */
export function uuidParam(value: string | undefined): string | null {
  return isUuid(value) ? value : null;
}

/** The invoice setting (terms and bank account) for an invoice order's confirmation; null when the shop has none. */
export async function invoiceDetails(locale: Locale): Promise<InvoiceSetting | null> {
  return (await getContent('setting:invoice', locale))?.config ?? null;
}
