// /my-account/my-reviews: the customer's reviews with their moderation status, and the products they
// bought without a review yet. The page's plain forms post to the page itself: a change that goes
// through redirects (303) back to the list with what happened in the URL; a refused one renders the
// list again (422) with the form open, what was typed kept and each problem next to its field. Each form
// is the JSON endpoint's own state change (handlers.ts), posted through submitForm.
import { ApiError } from '../http.ts';
import { formAction, formField, readForm, submitForm } from '../http-form.ts';
import { getDb } from '../db/index.ts';
import type { AccountContext, AccountLoad } from '../account/index.ts';
import { intlTag } from '#lib/i18n/translate.ts';
import { REVIEW_PROBLEMS, type ReviewProblem, type ReviewStatus } from '#lib/reviews/rules.ts';
import { boughtProducts, customerReviews, productNames, type ReviewedProduct } from './queries.ts';
import type { ReviewChanges } from './handlers.ts';

const PATH = '/my-account/my-reviews';
/** A review form's fields: 4,000 characters of text may take up to 9 bytes each once URL-encoded. */
const MAX_FORM_BYTES = 64 * 1024;
/** The "not reviewed yet" list stops here: a buyer of hundreds of items reviews the recent ones. */
const TO_REVIEW_LIMIT = 20;

const DONE = ['created', 'updated', 'deleted'] as const;
type Done = (typeof DONE)[number];

type Field = 'rating' | 'title' | 'body';

interface MyReview {
  id: string;
  /** Null when the product is no longer sold: the review stays, without a link. */
  product: ReviewedProduct | null;
  rating: number;
  title: string;
  body: string;
  status: ReviewStatus;
  /** When it was last written, formatted, and as ISO for <time>. */
  date: string;
  dateIso: string;
}

interface ToReview {
  product: ReviewedProduct;
  boughtDate: string;
  boughtIso: string;
}

/** A form the server refused: which one, what was typed, and what is wrong with it. */
export interface FailedReviewForm {
  /** `new-{productId}` or `edit-{reviewId}`. */
  form: string;
  values: { rating: number | null; title: string; body: string };
  errors: Partial<Record<Field, ReviewProblem>>;
  /** A refusal of the whole form (not a buyer, already reviewed, review gone, a post that is no form of this page). */
  code: 'REVIEW_NOT_ALLOWED' | 'REVIEW_EXISTS' | 'REVIEW_NOT_FOUND' | 'INVALID_FORM' | null;
}

export interface MyReviewsData {
  reviews: MyReview[];
  toReview: ToReview[];
  done: Done | null;
  failed: FailedReviewForm | null;
}

const isField = (value: unknown): value is Field => value === 'rating' || value === 'title' || value === 'body';
const isProblem = (value: string): value is ReviewProblem => (REVIEW_PROBLEMS as readonly string[]).includes(value);
const isDone = (value: string | null): value is Done => (DONE as readonly (string | null)[]).includes(value);

type PostOutcome = { redirectTo: string } | { failed: FailedReviewForm };

/** A review's content as its form sends it. */
const contentFields = {
  rating: formField.number('rating'),
  title: formField.text('title'),
  body: formField.text('body'),
};

/** The schema's refusals of the review's own fields, each by its first problem. */
function fieldProblems(error: ApiError): FailedReviewForm['errors'] {
  const errors: FailedReviewForm['errors'] = {};
  if (error.code !== 'VALIDATION_FAILED' || !Array.isArray(error.details)) return errors;
  for (const issue of error.details as { path?: unknown; message?: unknown }[]) {
    const message = String(issue.message ?? '');
    if (isField(issue.path) && !errors[issue.path]) errors[issue.path] = isProblem(message) ? message : 'required';
  }
  return errors;
}

/** The page's three forms by their `action`. */
function reviewForms(changes: ReviewChanges) {
  const create = formAction(changes.create, { productId: formField.number('productId'), ...contentFields });
  const update = formAction(changes.update, { id: formField.text('id'), ...contentFields });
  const remove = formAction(changes.delete, { id: formField.text('id') });

  /** Handles one posted form of the page; what it answers is a redirect or the refused form. */
  return async function handlePost({ request, locale }: AccountContext): Promise<PostOutcome> {
    const form = await readForm(request.request, MAX_FORM_BYTES);
    const action = form.get('action');
    if (action === 'delete') {
      // A review already gone (deleted in another tab, or no id of one) is what the customer wanted anyway.
      await submitForm(remove, form, request);
      return { redirectTo: `${PATH}?done=deleted` };
    }
    if (action !== 'create' && action !== 'update') throw new ApiError('VALIDATION_FAILED', 'Unknown form', 400);
    const formKey = action === 'update' ? `edit-${form.get('id') ?? ''}` : `new-${Number(form.get('productId'))}`;
    const ratingText = form.get('rating') ?? '';
    const values = {
      rating: /^[1-5]$/.test(ratingText) ? Number(ratingText) : null,
      title: form.get('title') ?? '',
      body: form.get('body') ?? '',
    };
    const outcome =
      action === 'update'
        ? await submitForm(update, form, request, { locale })
        : await submitForm(create, form, request, { locale });
    if (outcome.ok) return { redirectTo: `${PATH}?done=${action === 'update' ? 'updated' : 'created'}` };
    const { error } = outcome;
    const errors = fieldProblems(error);
    if (Object.keys(errors).length > 0) return { failed: { form: formKey, values, errors, code: null } };
    if (error.code === 'REVIEW_NOT_ALLOWED' || error.code === 'REVIEW_EXISTS' || error.code === 'REVIEW_NOT_FOUND') {
      return { failed: { form: formKey, values, errors: {}, code: error.code } };
    }
    // A product or review id that is none: not a form of this page.
    throw error;
  };
}

/** The page's loader: a POST is handled first; the lists are then read as they are now. */
export const myReviewsPage = (changes: ReviewChanges) => {
  const handlePost = reviewForms(changes);
  return async (context: AccountContext): Promise<AccountLoad<MyReviewsData>> => {
    const { request, shopper, locale } = context;
    let failed: FailedReviewForm | null = null;
    if (request.request.method === 'POST') {
      try {
        const outcome = await handlePost(context);
        if ('redirectTo' in outcome) return outcome;
        failed = outcome.failed;
      } catch (error) {
        // Not a form of this page (another content type, too large, an unknown action): said at the top.
        if (!(error instanceof ApiError)) throw error;
        failed = { form: '', values: { rating: null, title: '', body: '' }, errors: {}, code: 'INVALID_FORM' };
      }
    }
    const db = await getDb();
    const [reviews, bought] = await Promise.all([
      customerReviews(db, shopper.customerId),
      boughtProducts(db, shopper.customerId),
    ]);
    const reviewed = new Set(reviews.map((r) => r.productId));
    const open = bought.filter((b) => !reviewed.has(b.productId));
    const names = await productNames(db, [...reviews.map((r) => r.productId), ...open.map((b) => b.productId)], locale);
    const dates = new Intl.DateTimeFormat(intlTag(locale), { dateStyle: 'medium' });
    const done = request.url.searchParams.get('done');
    return {
      reviews: reviews.map((r) => ({
        id: r.id,
        product: names.get(r.productId) ?? null,
        rating: r.rating,
        title: r.title,
        body: r.body,
        status: r.status,
        date: dates.format(r.updatedAt),
        dateIso: r.updatedAt.toISOString(),
      })),
      toReview: open
        .flatMap((b) => {
          const product = names.get(b.productId);
          return product
            ? [{ product, boughtDate: dates.format(b.boughtAt), boughtIso: b.boughtAt.toISOString() }]
            : [];
        })
        .slice(0, TO_REVIEW_LIMIT),
      done: failed ? null : isDone(done) ? done : null,
      failed,
    };
  };
};
