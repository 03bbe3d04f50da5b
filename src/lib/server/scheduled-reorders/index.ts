// The scheduled reorders domain's public face (issue 37, item 5): the endpoints under
// src/pages/api/account/reorders, the loader of /my-account/reorders (whose forms, and the form on an
// order's page, are the endpoints' own state changes), and the runner that places due orders, started
// with the shop's other background work and stopped with it.
import { env } from '../env.ts';
import { shopTitle } from '../auth/index.ts';
import { getDb } from '../db/index.ts';
import { onStop } from '../lifecycle/index.ts';
import { localeOf, sendReorderReminderMail, sendReorderReportMail } from '../mail/index.ts';
import { defaultCheckoutDeps } from '../checkout/index.ts';
import { placedOrderDeps, repeatEvery } from '../orders/index.ts';
import { currentShopper } from '../shopper.ts';
import { scheduledReorderChanges, scheduledReorderRoutes, type ScheduledReorderDeps } from './handlers.ts';
import { reordersPage } from './page.ts';
import { scheduledReorderRunner, type RunnerDeps } from './runner.ts';

export { REORDERS_PATH, type ReordersPageView, type TimingForm } from './page.ts';

const deps: ScheduledReorderDeps = { db: getDb, shopper: currentShopper, payments: defaultCheckoutDeps.payments };

/** The endpoints under src/pages/api/account/reorders. */
export const scheduledReorders = scheduledReorderRoutes(deps);
/** The loader of /my-account/reorders, whose plain forms post the endpoints' own state changes. */
export const reordersPageView = reordersPage(scheduledReorderChanges(deps));

const runnerDeps: RunnerDeps = {
  ...placedOrderDeps,
  db: getDb,
  features: defaultCheckoutDeps.features,
  payments: defaultCheckoutDeps.payments,
  shopCurrency: () => env().DEFAULT_CURRENCY,
  sendReminder: async (reminder) => {
    await sendReorderReminderMail(reminder, await shopTitle(localeOf(reminder.to.locale)));
  },
  sendReport: async (report) => {
    await sendReorderReportMail(report, await shopTitle(localeOf(report.to.locale)));
  },
};

/** Every minute: a due date is at most a minute late, and a pass that finds nothing due costs one index lookup. */
const PASS_INTERVAL_MS = 60_000;
let stop: (() => Promise<void>) | undefined;

/** Starts the runner in this process, once (called on the first request, as the order jobs are). */
export function startScheduledReorders(): void {
  if (stop) return;
  const pass = scheduledReorderRunner(runnerDeps);
  stop = repeatEvery(() => pass(), PASS_INTERVAL_MS, PASS_INTERVAL_MS, 'scheduled reorders');
  // A run in flight commits (or rolls back) before the database closes.
  onStop('scheduled reorders', () => stop?.());
}
