// The account's quote pages on the server: /my-account/quotes (the company's quotes, and the form that
// asks for a quote on the cart) and /my-account/quotes/{number} (one quote, with the forms to accept,
// ask again or decline). Every form is plain HTML posting to its page (it works without script) and is
// the JSON endpoint's own state change (handlers.ts) with its request read from the form. A step that
// goes through redirects 303 to the quote with what was done (post/redirect/get); a refused one renders
// the page again with its status and the reason, what was typed kept.
import type { AstroCookies } from 'astro';
import type { Quote, QuoteSummary } from '#lib/quotes/contract.ts';
import { buyerSteps } from '#lib/quotes/rules.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import { may, type SignedIn } from '../auth/index.ts';
import type { Shopper } from '../shopper.ts';
import { findOwnedCartId, readSnapshot } from '../cart/index.ts';
import { getDb } from '../db/index.ts';
import { ApiError } from '../http.ts';
import { formAction, formField, postedForm, submitForm } from '../http-form.ts';
import type { QuoteChanges } from './handlers.ts';
import { listQuotes, readQuote } from './read.ts';

export const QUOTES_PATH = '/my-account/quotes';
/** A message of 2,000 characters may take up to 9 bytes each once URL-encoded. */
const MAX_FORM_BYTES = 24 * 1024;
const LIST_LIMIT = 200;

const STEPS = ['request', 'ask', 'accept', 'decline'] as const;
type Step = (typeof STEPS)[number];

/** What the loaders read of the account page's context (named here, as the account frame reaches this domain). */
interface QuotesContext {
  request: { url: URL; request: Request; cookies: AstroCookies; readonly clientAddress: string };
  locale: Locale;
  shopper: SignedIn<Shopper>;
}

interface Refusal {
  status: 400 | 403 | 404 | 409 | 413 | 415 | 422;
  /** The reason shown above the form. */
  key: MessageKey;
  /** What was typed, kept for another try. */
  comment: string;
  step: Step;
}

export interface QuotesListView {
  kind: 'list';
  quotes: QuoteSummary[];
  /** Lines in the user's cart (the request form asks about them all). */
  cartLines: number;
  mayOrder: boolean;
  refused: Refusal | null;
}

export interface QuoteView {
  kind: 'quote';
  quote: Quote;
  steps: ReturnType<typeof buyerSteps>;
  mayOrder: boolean;
  done: Step | null;
  refused: Refusal | null;
}

type SeeOther = { kind: 'see-other'; to: string };

/** The reason each coded refusal shows; anything else is a real failure for the error page. */
const ERROR_KEYS: Partial<Record<string, MessageKey>> = {
  QUOTE_NOT_FOUND: 'server.QUOTE_NOT_FOUND',
  QUOTE_CHANGED: 'server.QUOTE_CHANGED',
  QUOTE_NOT_OPEN: 'server.QUOTE_NOT_OPEN',
  QUOTE_EXPIRED: 'server.QUOTE_EXPIRED',
  QUOTE_EMPTY: 'server.QUOTE_EMPTY',
  QUOTE_TOO_MANY_LINES: 'server.QUOTE_TOO_MANY_LINES',
  CART_TOO_MANY_LINES: 'cart.error.CART_TOO_MANY_LINES',
  CART_VALUE_LIMIT: 'cart.error.CART_VALUE_LIMIT',
  PERMISSION_DENIED: 'server.PERMISSION_DENIED',
  REQUISITION_LIST_NOT_FOUND: 'lists.error.notFound',
  PAYLOAD_TOO_LARGE: 'validation.tooLong',
  UNSUPPORTED_MEDIA_TYPE: 'validation.tooLong',
  // The only field a form types is the message: too long, or holding characters no text may.
  VALIDATION_FAILED: 'validation.tooLong',
};

function refusal(error: ApiError, step: Step, comment: string): Refusal {
  const key = ERROR_KEYS[error.code];
  if (!key) throw error;
  const status = (error.code === 'VALIDATION_FAILED' ? 422 : error.status) as Refusal['status'];
  return { status, key, comment, step };
}

async function cartLineCount(ctx: QuotesContext): Promise<number> {
  const db = await getDb();
  const owner = { customerId: ctx.shopper.customerId, userId: ctx.shopper.user.id, guestCartId: null };
  const cartId = await findOwnedCartId(db, owner);
  return cartId ? ((await readSnapshot(db, cartId))?.lines.length ?? 0) : 0;
}

export const quotesPages = (changes: QuoteChanges) => {
  const forms = {
    request: formAction(changes.request, { comment: formField.text('comment'), list: formField.optional('list') }),
    ask: formAction(changes.ask, {
      number: formField.text('number'),
      version: formField.number('version'),
      comment: formField.text('comment'),
    }),
    accept: formAction(changes.accept, { number: formField.text('number'), version: formField.number('version') }),
    decline: formAction(changes.decline, {
      number: formField.text('number'),
      version: formField.number('version'),
      comment: formField.text('comment'),
    }),
  };

  /** A posted form: the step it names, submitted; where to go on, or why it was refused. */
  async function post(ctx: QuotesContext, allowed: readonly Step[]): Promise<SeeOther | Refusal | null> {
    const form = await postedForm(ctx.request.request, MAX_FORM_BYTES);
    if (form instanceof ApiError) return refusal(form, 'request', '');
    const step = form.get('action') as Step;
    if (!allowed.includes(step)) return null;
    const comment = form.get('comment') ?? '';
    const outcome =
      step === 'request'
        ? await submitForm(forms.request, form, ctx.request, { locale: ctx.locale })
        : step === 'ask'
          ? await submitForm(forms.ask, form, ctx.request, { locale: ctx.locale })
          : step === 'accept'
            ? await submitForm(forms.accept, form, ctx.request, { locale: ctx.locale })
            : await submitForm(forms.decline, form, ctx.request, { locale: ctx.locale });
    if (outcome.ok) return { kind: 'see-other', to: `${QUOTES_PATH}/${outcome.result.quote.number}?done=${step}` };
    return refusal(outcome.error, step, comment);
  }

  async function list(ctx: QuotesContext): Promise<QuotesListView | SeeOther | { notFound: true }> {
    let refused: Refusal | null = null;
    if (ctx.request.request.method === 'POST') {
      const outcome = await post(ctx, ['request']);
      if (outcome === null) return { notFound: true };
      if ('kind' in outcome) return outcome;
      refused = outcome;
    }
    return {
      kind: 'list',
      quotes: await listQuotes(
        await getDb(),
        { customerId: ctx.shopper.customerId },
        { limit: LIST_LIMIT, now: changes.now() },
      ),
      cartLines: await cartLineCount(ctx),
      mayOrder: may(ctx.shopper, 'order'),
      refused,
    };
  }

  async function one(ctx: QuotesContext, number: string): Promise<QuoteView | SeeOther | { notFound: true }> {
    let refused: Refusal | null = null;
    if (ctx.request.request.method === 'POST') {
      const outcome = await post(ctx, ['ask', 'accept', 'decline']);
      if (outcome === null) return { notFound: true };
      if ('kind' in outcome) return outcome;
      refused = outcome;
    }
    const quote = /^Q\d{4,12}$/.test(number)
      ? await readQuote(await getDb(), { customerId: ctx.shopper.customerId }, number, ctx.locale, changes.now())
      : null;
    if (!quote) return { notFound: true };
    const done = ctx.request.url.searchParams.get('done');
    return {
      kind: 'quote',
      quote,
      steps: buyerSteps(quote, changes.now()),
      mayOrder: may(ctx.shopper, 'order'),
      done: refused ? null : (STEPS as readonly (string | null)[]).includes(done) ? (done as Step) : null,
      refused,
    };
  }

  return { list, one };
};
