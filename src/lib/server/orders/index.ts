// The order domain's public face: the endpoints wired to the process database, the shopper, the
// configured payment providers and mail.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { env } from '../env.ts';
import { defaultCheckoutDeps } from '../checkout/index.ts';
import { shopTitle } from '../auth/index.ts';
import { database, rows } from '../db/index.ts';
import { onStop } from '../lifecycle/index.ts';
import { isLocale, DEFAULT_LOCALE } from '#lib/i18n/locales.ts';
import {
  sendApprovalOutcomeMail,
  sendApprovalRequestMails,
  sendOrderCancelledMail,
  sendOrderConfirmationMail,
} from '../mail/index.ts';
import { paypalFromEnv, stripeFromEnv } from '../payments/index.ts';
import { confirmationSender, orderExpiry, orderRoutes, paymentRecovery, type OrderDeps } from './handlers.ts';
import { approvalChanges } from './approval-routes.ts';
import { approvalsPage } from './approvals-page.ts';
import { budgetsPage } from './budgets-page.ts';
import { repeatEvery, type RecoveryOptions, type RecoveryRun } from './recovery.ts';
import { orderLimitsFromEnv } from './limits.ts';
import { termsUrl } from './terms.ts';
import type { PaymentGateways } from './payments.ts';

const EmailRow = z.object({ email: z.string() });
const LocaleRow = z.object({ locale: z.string() });

export {
  accountOrderView,
  myItemsView,
  orderHistoryView,
  type MyItemsData,
  type OrderHistoryData,
} from './account-pages.ts';
export { loadOrderPage } from './order-page.ts';
// The ERP's order export (src/lib/server/order-export) reads orders as this domain stores them.
export { COLUMNS as ORDER_COLUMNS, OrderRow, orderView } from './queries.ts';
export { claimGuestOrder } from './claim.ts';
// The ERP's status reports, the buyer's timeline and documents (docs/erp.md, "Status back").
export { downloadDocument, orderStatusApi, statusEvents } from './status/index.ts';
// What a scheduled reorder (src/lib/server/scheduled-reorders) places an order with: the checkout's own path.
export { createOrder } from './create.ts';
export { confirmOrder, type ConfirmResult } from './lifecycle.ts';
export { findOrder } from './queries.ts';
export { inScope, orderScope } from './access.ts';
export { orderNotFound } from './errors.ts';
export { confirmationSender, type OrderDeps } from './handlers.ts';
export { approversToAsk } from './approval.ts';
export { repeatEvery } from './recovery.ts';
export type { OrderLimits } from './limits.ts';

let gateways: PaymentGateways | undefined;

/** The provider clients, built once from the environment (null where a provider is not configured). */
function paymentGateways(): PaymentGateways {
  const e = env();
  gateways ??= {
    stripe: stripeFromEnv(),
    paypal: paypalFromEnv(),
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
    stripeJsUrl: e.STRIPE_JS_URL,
    siteUrl: e.SITE_URL,
  };
  return gateways;
}

const defaultOrderDeps: OrderDeps = {
  ...defaultCheckoutDeps,
  gateways: paymentGateways,
  userEmail: async (userId) => {
    const [row] = await rows(
      await defaultCheckoutDeps.db(),
      EmailRow,
      sql`SELECT email FROM customer_users WHERE id = ${userId}`,
    );
    return row?.email ?? null;
  },
  sendConfirmation: async (order, locale, access) => {
    const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
    await sendOrderConfirmationMail(order, locale, await shopTitle(language), access, await termsUrl(language));
  },
  sendCancellation: async (order, locale, access) => {
    const shop = await shopTitle(isLocale(locale) ? locale : DEFAULT_LOCALE);
    await sendOrderCancelledMail(order, locale, shop, env().ORDER_HOLD_HOURS, access);
  },
  orderLimits: () => orderLimitsFromEnv(env()),
  // Company users have no language of their own: the approvers read the company's.
  sendApprovalRequest: async (order, approvers) => {
    const [company] = await rows(
      await defaultCheckoutDeps.db(),
      LocaleRow,
      sql`SELECT c.locale FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = ${order.id}`,
    );
    const language = company && isLocale(company.locale) ? company.locale : DEFAULT_LOCALE;
    await sendApprovalRequestMails(order, approvers, language, await shopTitle(language));
  },
  sendApprovalOutcome: async (order, locale) => {
    await sendApprovalOutcomeMail(order, locale, await shopTitle(isLocale(locale) ? locale : DEFAULT_LOCALE));
  },
};

/** What an order placed without a request needs (src/lib/server/scheduled-reorders): its caps and its mails. */
export const placedOrderDeps: Pick<OrderDeps, 'orderLimits' | 'sendConfirmation' | 'sendApprovalRequest'> =
  defaultOrderDeps;

/** The endpoints under src/pages/api/orders and src/pages/api/payments, wired to the process database and shopper. */
export const orders = orderRoutes(defaultOrderDeps);

const approvalForms = approvalChanges(defaultOrderDeps, confirmationSender(defaultOrderDeps));
/** /my-account/approvals: its forms are the decide endpoint's own state change. */
export const approvalsView = approvalsPage(approvalForms);
export type { ApprovalsData } from './approvals-page.ts';
/** /my-account/company-budgets: its forms are the budgets endpoint's own state change. */
export const budgetsView = budgetsPage(approvalForms);
export type { BudgetsData } from './budgets-page.ts';

const recover = paymentRecovery(defaultOrderDeps);

/** One run of the payment recovery job on the process database (`npm run payments:recover` runs one too). */
export async function recoverPayments(options?: RecoveryOptions): Promise<RecoveryRun> {
  return recover(await database(), options);
}

const expire = orderExpiry(defaultOrderDeps);

/** Every few minutes; the first run soon after start catches up on what happened while the shop was down. */
const RECOVERY_INTERVAL_MS = 5 * 60_000;
const RECOVERY_FIRST_DELAY_MS = 60_000;
/** After the first recovery run, so a payment that went through is settled before its order could expire. */
const EXPIRY_FIRST_DELAY_MS = 2 * 60_000;
const recovery: { stop?: () => Promise<void>; stopExpiry?: () => Promise<void> } = {};

/**
 * Starts the order jobs in this process, once: payment recovery, and the expiry of unpaid orders
 * (expiry.ts); called on the first request, as the publish listener is.
 */
export function startPaymentRecovery(): void {
  if (recovery.stop) return;
  recovery.stop = repeatEvery(() => recoverPayments(), RECOVERY_INTERVAL_MS, RECOVERY_FIRST_DELAY_MS);
  recovery.stopExpiry = repeatEvery(
    async () => expire(await database()),
    RECOVERY_INTERVAL_MS,
    EXPIRY_FIRST_DELAY_MS,
    'order expiry',
  );
  onStop('order jobs', async () => {
    await Promise.all([recovery.stop?.(), recovery.stopExpiry?.()]);
  });
}
