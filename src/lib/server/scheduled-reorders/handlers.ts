// A company's scheduled reorders as state changes, each defined once (scheduledReordersApi in
// src/lib/scheduled-reorders/contract.ts): the endpoints under src/pages/api/account/reorders answer
// them as JSON, and the account's "Recurring orders" page and an order's page take them as plain forms
// (page.ts). A user reaches the schedules their role sees of the company's orders (orderScope: their
// own, or all the company's); changing one takes the permission to order (403 otherwise).
import type { AstroCookies } from 'astro';
import { scheduledReordersApi, SCHEDULE_MESSAGES } from '#lib/scheduled-reorders/contract.ts';
import { offeredPaymentMethods, type PaymentConfiguration } from '#lib/checkout/payment-methods.ts';
import { addDays, dayOf, MAX_DAYS_AHEAD } from '#lib/scheduled-reorders/rules.ts';
import type { Db } from '../db/client.ts';
import { ApiError, endpoint, stateChange, validationFailed, type FieldIssue } from '../http.ts';
import { authorize, signedIn, type SignedIn } from '../auth/index.ts';
import type { Shopper } from '../shopper.ts';
import { requestLocale } from '../request-locale.ts';
import { findOrder, inScope, orderNotFound, orderScope } from '../orders/index.ts';
import {
  changeTiming,
  createFromOrder,
  endSchedule,
  listSchedules,
  pauseSchedule,
  resumeSchedule,
  type ScheduleScope,
  type Timing,
} from './store.ts';

export interface ScheduledReorderDeps {
  db(): Promise<Db>;
  shopper(cookies: AstroCookies, url?: URL): Promise<Pick<Shopper, 'customerId' | 'user'>>;
  payments(): PaymentConfiguration;
  /** The clock "today" is read from (tests set it). */
  now?(): Date;
}

/** What a change needs of its request: the session's cookies, its address and headers (the language). */
interface ReordersRequest {
  cookies: AstroCookies;
  url: URL;
  request: Request;
}

const invoiceUnavailable = () =>
  new ApiError(
    'SCHEDULED_REORDER_NO_INVOICE',
    'A recurring order is paid on invoice, which the shop does not offer at present.',
    409,
  );

const M = SCHEDULE_MESSAGES;

/** The timing as stored: dates from today on and within MAX_DAYS_AHEAD, an end not before the next date. */
function checkedTiming(body: { intervalWeeks: number; nextDate: string; endDate?: string | undefined }, today: string) {
  const last = addDays(today, MAX_DAYS_AHEAD);
  const issues: FieldIssue[] = [];
  if (body.nextDate < today) issues.push({ path: 'nextDate', message: M.past });
  else if (body.nextDate > last) issues.push({ path: 'nextDate', message: M.tooFar });
  if (body.endDate !== undefined && body.endDate < body.nextDate)
    issues.push({ path: 'endDate', message: M.endBeforeNext });
  else if (body.endDate !== undefined && body.endDate > addDays(last, MAX_DAYS_AHEAD))
    issues.push({ path: 'endDate', message: M.tooFar });
  if (issues.length > 0) throw validationFailed(issues);
  return { intervalWeeks: body.intervalWeeks, nextDate: body.nextDate, endDate: body.endDate ?? null } satisfies Timing;
}

export function scheduledReorderChanges(deps: ScheduledReorderDeps) {
  const today = () => dayOf(deps.now?.() ?? new Date());

  /** The user, their scope, and the database; to change, only for a user whose role may order. */
  async function user(
    req: ReordersRequest,
    change: boolean,
  ): Promise<{ db: Db; shopper: SignedIn<Pick<Shopper, 'customerId' | 'user'>>; scope: ScheduleScope }> {
    const found = await deps.shopper(req.cookies, req.url);
    const shopper = change ? authorize(found, 'order') : signedIn(found);
    return { db: await deps.db(), shopper, scope: orderScope(shopper) };
  }

  return {
    user,
    create: stateChange(scheduledReordersApi.create, async (body, req: ReordersRequest) => {
      const { db, shopper, scope } = await user(req, true);
      const order = await findOrder(db, body.orderId);
      if (!order || !inScope(order, scope)) throw orderNotFound();
      if (!offeredPaymentMethods(deps.payments()).includes('invoice')) throw invoiceUnavailable();
      const timing = checkedTiming(body, today());
      const owner = { customerId: shopper.customerId, userId: shopper.user.id };
      return { schedule: await createFromOrder(db, order, owner, timing, requestLocale(req, body.locale)) };
    }),
    change: stateChange(scheduledReordersApi.change, async (body, req: ReordersRequest) => {
      const { db, scope } = await user(req, true);
      const timing = checkedTiming(body, today());
      return { schedule: await changeTiming(db, scope, body.id, timing, requestLocale(req, body.locale)) };
    }),
    pause: stateChange(scheduledReordersApi.pause, async (body, req: ReordersRequest) => {
      const { db, scope } = await user(req, true);
      return { schedule: await pauseSchedule(db, scope, body.id, requestLocale(req, body.locale)) };
    }),
    resume: stateChange(scheduledReordersApi.resume, async (body, req: ReordersRequest) => {
      const { db, scope } = await user(req, true);
      return { schedule: await resumeSchedule(db, scope, body.id, today(), requestLocale(req, body.locale)) };
    }),
    end: stateChange(scheduledReordersApi.end, async (body, req: ReordersRequest) => {
      const { db, scope } = await user(req, true);
      return { ended: await endSchedule(db, scope, body.id) };
    }),
  };
}

export type ScheduledReorderChanges = ReturnType<typeof scheduledReorderChanges>;

export function scheduledReorderRoutes(deps: ScheduledReorderDeps) {
  const changes = scheduledReorderChanges(deps);
  return {
    list: endpoint(scheduledReordersApi.list, async (query, req) => {
      const { db, scope } = await changes.user(req, false);
      return { schedules: await listSchedules(db, scope, requestLocale(req, query.locale)) };
    }),
    create: endpoint(changes.create),
    change: endpoint(changes.change),
    pause: endpoint(changes.pause),
    resume: endpoint(changes.resume),
    end: endpoint(changes.end),
  };
}
