// The "Recurring orders" page (/my-account/reorders) on the server: the schedules the user sees, and
// for a user who may order the forms to retime, pause, resume and end each one. An order's page posts
// its "Make recurring" form here too. Every form is plain HTML (it works without script) and is the
// JSON endpoint's own state change (handlers.ts) with its request read from the form: a success
// redirects 303 back with what was done (post/redirect/get); a refusal renders the page again with its
// status and, for the timing forms, what was typed with each message beside its field.
import type { AstroCookies } from 'astro';
import type { Locale } from '#lib/i18n/locales.ts';
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import { SCHEDULE_MESSAGES, type Schedule } from '#lib/scheduled-reorders/contract.ts';
import { dayOf } from '#lib/scheduled-reorders/rules.ts';
import { may, type SignedIn } from '../auth/index.ts';
import type { Shopper } from '../shopper.ts';
import { getDb } from '../db/index.ts';
import type { ApiError } from '../http.ts';
import { formAction, formField, postedForm, submitForm, type FormField } from '../http-form.ts';
import type { ScheduledReorderChanges } from './handlers.ts';
import { listSchedules } from './store.ts';
import { orderScope } from '../orders/index.ts';

export const REORDERS_PATH = '/my-account/reorders';
/** The forms hold a few short fields. */
const MAX_FORM_BYTES = 4 * 1024;

const ACTIONS = ['create', 'change', 'pause', 'resume', 'end'] as const;
type Action = (typeof ACTIONS)[number];
const DONE: Record<Action, string> = {
  create: 'created',
  change: 'changed',
  pause: 'paused',
  resume: 'resumed',
  end: 'ended',
};

type TimingField = 'intervalWeeks' | 'nextDate' | 'endDate';

/** A timing form that was refused: whose (a schedule, or the order a new one was to be made of), as typed. */
export interface TimingForm {
  id: string | null;
  orderId: string | null;
  values: Record<TimingField, string>;
  errors: Partial<Record<TimingField, MessageKey>>;
}

type PageView = {
  kind: 'view';
  status: 200 | 400 | 403 | 404 | 409 | 413 | 415 | 422;
  schedules: Schedule[];
  /** Whether the user's role may change schedules (else the page only lists them). */
  mayChange: boolean;
  /** The earliest next date a form takes (UTC). */
  today: string;
  done: string | null;
  refused: MessageKey | null;
  form: TimingForm | null;
};

export type ReordersPageView = { kind: 'see-other'; to: string } | PageView;

const M = SCHEDULE_MESSAGES;
const FIELD_KEYS = new Map<string, MessageKey>([
  [M.interval, 'reorders.error.interval'],
  [M.date, 'reorders.error.date'],
  [M.past, 'reorders.error.past'],
  [M.tooFar, 'reorders.error.tooFar'],
  [M.endBeforeNext, 'reorders.error.endBeforeNext'],
]);
const TIMING_FIELDS: readonly string[] = ['intervalWeeks', 'nextDate', 'endDate'];

function fieldErrors(error: ApiError): TimingForm['errors'] {
  const errors: TimingForm['errors'] = {};
  const issues = Array.isArray(error.details) ? (error.details as { path: string; message: string }[]) : [];
  for (const issue of issues) {
    const field = issue.path.split('.')[0] ?? '';
    if (TIMING_FIELDS.includes(field))
      errors[field as TimingField] ??= FIELD_KEYS.get(issue.message) ?? 'reorders.error.date';
  }
  return errors;
}

const REFUSALS: Partial<Record<string, MessageKey>> = {
  SCHEDULED_REORDER_NOT_FOUND: 'reorders.error.notFound',
  SCHEDULED_REORDER_NO_INVOICE: 'reorders.error.invoice',
  ORDER_NOT_FOUND: 'reorders.error.orderNotFound',
  PERMISSION_DENIED: 'server.PERMISSION_DENIED',
  UNAUTHENTICATED: 'account.signInRequired',
};

/** An empty end date is none: the field is left out of the request. */
const timingFields = {
  intervalWeeks: formField.number('intervalWeeks'),
  nextDate: formField.text('nextDate'),
  endDate: formField.optional('endDate'),
};
const idField: FormField = formField.text('id');

/**
 * What the loader reads of the account page's context (the account domain's AccountContext), named
 * here as the other account pages' loaders name it.
 */
interface ReordersContext {
  request: { url: URL; request: Request; cookies: AstroCookies; readonly clientAddress: string };
  locale: Locale;
  shopper: SignedIn<Shopper>;
}

export const reordersPage = (changes: ScheduledReorderChanges) => {
  const forms = {
    create: formAction(changes.create, { ...timingFields, orderId: formField.text('orderId') }),
    change: formAction(changes.change, { ...timingFields, id: idField }),
    pause: formAction(changes.pause, { id: idField }),
    resume: formAction(changes.resume, { id: idField }),
    end: formAction(changes.end, { id: idField }),
  };

  function submit(action: Action, form: URLSearchParams, ctx: ReordersContext) {
    const known = { locale: ctx.locale };
    switch (action) {
      case 'create':
        return submitForm(forms.create, form, ctx.request, known);
      case 'change':
        return submitForm(forms.change, form, ctx.request, known);
      case 'pause':
        return submitForm(forms.pause, form, ctx.request, known);
      case 'resume':
        return submitForm(forms.resume, form, ctx.request, known);
      case 'end':
        return submitForm(forms.end, form, ctx.request, known);
    }
  }

  return async (ctx: ReordersContext): Promise<ReordersPageView | { notFound: true }> => {
    const { request, shopper, locale } = ctx;
    const view: PageView = {
      kind: 'view',
      status: 200,
      schedules: [],
      mayChange: may(shopper, 'order'),
      today: dayOf(new Date()),
      done: null,
      refused: null,
      form: null,
    };

    if (request.request.method === 'POST') {
      const form = await postedForm(request.request, MAX_FORM_BYTES);
      if (!(form instanceof URLSearchParams)) {
        view.status = form.status === 413 ? 413 : 415;
      } else {
        const action = form.get('action') as Action | null;
        if (!action || !(ACTIONS as readonly string[]).includes(action)) return { notFound: true };
        const outcome = await submit(action, form, ctx);
        if (outcome.ok) return { kind: 'see-other', to: `${REORDERS_PATH}?done=${DONE[action]}` };
        const { error } = outcome;
        if (action === 'create' || action === 'change')
          view.form = {
            id: action === 'change' ? form.get('id') : null,
            orderId: action === 'create' ? form.get('orderId') : null,
            values: {
              intervalWeeks: form.get('intervalWeeks') ?? '',
              nextDate: form.get('nextDate') ?? '',
              endDate: form.get('endDate') ?? '',
            },
            errors: error.code === 'VALIDATION_FAILED' ? fieldErrors(error) : {},
          };
        const key = error.code === 'VALIDATION_FAILED' ? 'reorders.formErrors' : REFUSALS[error.code];
        if (!key) throw error;
        view.refused = key;
        view.status =
          error.code === 'VALIDATION_FAILED' ? 422 : error.status === 403 ? 403 : error.status === 404 ? 404 : 409;
      }
    } else {
      const done = request.url.searchParams.get('done');
      view.done = Object.values(DONE).includes(done ?? '') ? done : null;
    }
    view.schedules = await listSchedules(await getDb(), orderScope(shopper), locale);
    return view;
  };
};
