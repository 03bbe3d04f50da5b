// /my-account/approvals: the company's orders waiting for approval, for users with the permission
// `approve`. Each row's plain form posts to the page itself and is the JSON endpoint's own state change
// (approval-routes.ts) through submitForm: a decision redirects back (303) saying what was done; a refused
// one renders the list again (422) with the comment kept and the reason at the row.
import { ApiError } from '../http.ts';
import { formAction, formField, postedForm, submitForm } from '../http-form.ts';
import { getDb } from '../db/index.ts';
import type { AccountContext, AccountLoad } from '../account/index.ts';
import { intlTag } from '#lib/i18n/translate.ts';
import { formatPrice } from '#lib/catalog/price.ts';
import type { ApprovalReason } from '#lib/account/approval.ts';
import { mayDecide, waitingOrders } from './approval.ts';
import type { ApprovalChanges } from './approval-routes.ts';

const PATH = '/my-account/approvals';
/** A comment of 1,000 characters takes up to 9 bytes each once URL-encoded. */
const MAX_FORM_BYTES = 16 * 1024;

interface ApprovalRow {
  id: string;
  number: string;
  date: string;
  dateIso: string;
  buyer: string;
  total: string;
  reasons: ApprovalReason[];
  /** False for the approver's own order while a colleague may decide. */
  mayDecide: boolean;
}

/** Why a posted decision was refused, said at its row. */
export type ApprovalProblem =
  'commentRequired' | 'ORDER_NOT_AWAITING_APPROVAL' | 'SELF_APPROVAL' | 'ORDER_NOT_FOUND' | 'form';

export interface ApprovalsData {
  rows: ApprovalRow[];
  done: { decision: 'approved' | 'rejected'; number: string } | null;
  failed: { orderId: string; comment: string; problem: ApprovalProblem } | null;
}

const KNOWN: readonly string[] = ['ORDER_NOT_AWAITING_APPROVAL', 'SELF_APPROVAL', 'ORDER_NOT_FOUND'];

function problemOf(error: ApiError): ApprovalProblem {
  if (KNOWN.includes(error.code)) return error.code as ApprovalProblem;
  const issues = Array.isArray(error.details) ? (error.details as { path?: unknown }[]) : [];
  return error.code === 'VALIDATION_FAILED' && issues.some((i) => i.path === 'comment') ? 'commentRequired' : 'form';
}

export const approvalsPage = (changes: ApprovalChanges) => {
  const decide = formAction(changes.decide, {
    orderId: formField.text('orderId'),
    decision: formField.text('decision'),
    comment: formField.text('comment'),
  });

  return async ({ request, shopper, locale }: AccountContext): Promise<AccountLoad<ApprovalsData>> => {
    let failed: ApprovalsData['failed'] = null;
    if (request.request.method === 'POST') {
      const form = await postedForm(request.request, MAX_FORM_BYTES);
      const outcome =
        form instanceof ApiError ? { ok: false as const, error: form } : await submitForm(decide, form, request);
      if (outcome.ok) {
        const { order } = outcome.result;
        return { redirectTo: `${PATH}?done=${order.decision}&order=${encodeURIComponent(order.transactionnum)}` };
      }
      const posted = form instanceof ApiError ? new URLSearchParams() : form;
      failed = {
        orderId: posted.get('orderId') ?? '',
        comment: posted.get('comment') ?? '',
        problem: problemOf(outcome.error),
      };
    }
    const db = await getDb();
    const intl = intlTag(locale);
    const dates = new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    const waiting = await waitingOrders(db, shopper.customerId);
    const rows = await Promise.all(
      waiting.map(async (o) => ({
        id: o.id,
        number: o.transactionnum,
        date: dates.format(o.createdAt),
        dateIso: o.createdAt.toISOString(),
        buyer: o.buyerName ? `${o.buyerName} (${o.buyerEmail})` : o.buyerEmail,
        total: formatPrice(o.grandTotalCents / 100, { currency: o.currency, locale: intl, freeLabel: '0' }),
        reasons: o.reasons,
        mayDecide: await mayDecide(db, shopper.customerId, shopper.user.id, o.buyerId),
      })),
    );
    const decision = request.url.searchParams.get('done');
    const number = request.url.searchParams.get('order');
    return {
      rows,
      done:
        !failed && (decision === 'approved' || decision === 'rejected') && number && /^\d{1,20}$/.test(number)
          ? { decision, number }
          : null,
      failed,
    };
  };
};
