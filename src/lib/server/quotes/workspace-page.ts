// /admin/quotes: the workspace's quote queue as plain HTML, so it works before (and without) any script.
// ?status= picks the list (open requests first), ?number= opens one quote with its answer form. The form
// posts to the page through the JSON endpoint's own state change (staffQuoteApi.answer): an answer that
// goes through redirects (303) back to the quote with what happened; a refused one renders the quote
// again (422/409) with what was typed kept.
import type { AstroGlobal } from 'astro';
import type { Quote, QuoteSummary } from '#lib/quotes/contract.ts';
import { QUOTE_NUMBER_PATTERN, QUOTE_STATUSES, staffMayAnswer, type QuoteStatus } from '#lib/quotes/rules.ts';
import { getDb } from '../db/index.ts';
import { ApiError } from '../http.ts';
import { formAction, formField, postedForm, submitForm, type FormField } from '../http-form.ts';
import type { AdminLocale } from '../admin/index.ts';
import { listQuotes, readQuote } from './read.ts';
import { staffQuotes } from './index.ts';

const PATH = '/admin/quotes';
/** 200 lines' prices and a 2,000-character message, URL-encoded. */
const MAX_FORM_BYTES = 48 * 1024;
const QUEUE_LIMIT = 200;

/**
 * A price as staff type it ("12,50", "1.234,56", "12.5") in cents; NaN (refused by the schema) for
 * anything else. The last comma or point is the decimal mark when two digits or fewer follow it; a lone
 * separator before three digits ("1.234", "12,345") is refused, as it reads as thousands in one
 * language and as decimals in the other.
 * @internal exported for its unit test
 */
export function typedCents(value: string): number {
  const compact = value.replace(/[\s\u00a0']/g, '');
  if (/^\d+[.,]\d{3}$/.test(compact)) return Number.NaN;
  const match = /^(\d{1,3}(?:[.,]?\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return Number.NaN;
  const whole = match[1]!.replace(/[.,]/g, '');
  return Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Every line's price field (`price-<line id>`) as the request's prices. */
const prices: FormField = (form) =>
  [...form.keys()]
    .filter((name) => name.startsWith('price-'))
    .map((name) => ({ line: name.slice('price-'.length), unitNetCents: typedCents(form.get(name) ?? '') }));

const answerForm = formAction(staffQuotes.changes.answer, {
  number: formField.text('number'),
  version: formField.number('version'),
  validUntil: formField.text('validUntil'),
  message: formField.text('message'),
  prices,
});

export interface StaffQuotesView {
  status: QuoteStatus;
  quotes: QuoteSummary[];
  limited: boolean;
  /** The quote opened with ?number=, with its answer form when staff may still answer. */
  quote: Quote | null;
  mayAnswer: boolean;
  answered: boolean;
  /** A refused answer: its reason and what was typed (by field name). */
  failed: { problem: string; values: Record<string, string> } | null;
  statusCode: 200 | 404 | 409 | 413 | 415 | 422;
}

type Astro = Pick<AstroGlobal, 'cookies' | 'request' | 'url' | 'clientAddress'>;

const isStatus = (value: unknown): value is QuoteStatus => QUOTE_STATUSES.includes(value as QuoteStatus);

export async function staffQuotesView(
  astro: Astro,
  locale: AdminLocale,
): Promise<StaffQuotesView | { redirect: string }> {
  const params = astro.url.searchParams;
  const status = isStatus(params.get('status')) ? (params.get('status') as QuoteStatus) : 'requested';
  const number = params.get('number') ?? '';
  let failed: StaffQuotesView['failed'] = null;
  let statusCode: StaffQuotesView['statusCode'] = 200;
  if (astro.request.method === 'POST') {
    const form = await postedForm(astro.request, MAX_FORM_BYTES);
    if (form instanceof ApiError) return { redirect: `${PATH}?number=${encodeURIComponent(number)}` };
    const outcome = await submitForm(answerForm, form, astro);
    if (outcome.ok)
      return { redirect: `${PATH}?${new URLSearchParams({ number: outcome.result.quote.number, answered: '1' })}` };
    const { error } = outcome;
    if (error.status === 401 || error.status === 403) throw error;
    failed = {
      problem: error.code === 'VALIDATION_FAILED' ? 'form' : error.code,
      values: Object.fromEntries([...form.entries()]),
    };
    statusCode = error.status === 409 ? 409 : error.status === 404 ? 404 : 422;
  }
  const db = await getDb();
  const now = new Date();
  const quote = QUOTE_NUMBER_PATTERN.test(number) ? await readQuote(db, { staff: true }, number, locale, now) : null;
  if (number && !quote) statusCode = 404;
  const found = await listQuotes(db, { staff: true }, { status, limit: QUEUE_LIMIT + 1, now });
  return {
    status,
    quotes: found.slice(0, QUEUE_LIMIT),
    limited: found.length > QUEUE_LIMIT,
    quote,
    mayAnswer: quote !== null && staffMayAnswer(quote.status),
    answered: params.get('answered') === '1' && failed === null,
    failed,
    statusCode,
  };
}

export const staffQuotesPath = (extra: Record<string, string> = {}) =>
  `${PATH}${Object.keys(extra).length > 0 ? `?${new URLSearchParams(extra)}` : ''}`;
