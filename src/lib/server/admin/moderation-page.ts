// /admin/reviews: the moderation queue as plain HTML, so it works before (and without) any script.
// Each review's forms post to the page itself, through the JSON endpoints' own state changes
// (moderation.ts): a decision that goes through redirects (303) back to the same view with what
// happened in the address; a refused one renders the queue again (422) with what was typed kept and
// the problem beside its field.
import type { AstroGlobal } from 'astro';
import type { ModerationReview } from '#lib/admin/moderation-contract.ts';
import { REVIEW_FILTERS, type ReviewFilter } from '#lib/admin/moderation-rules.ts';
import { getDb } from '../db/index.ts';
import { ApiError } from '../http.ts';
import { formAction, formField, readForm, submitForm } from '../http-form.ts';
import { reviewsForModeration } from '../reviews/index.ts';
import { moderationChanges, reviewQueueOf } from './moderation.ts';
import type { AdminLocale } from './ui-locale.ts';

const PATH = '/admin/reviews';
/** A reply's 2,000 characters may take up to 9 bytes each once URL-encoded. */
const MAX_FORM_BYTES = 32 * 1024;

const ACTIONS = ['publish', 'reject', 'reply'] as const;
type Action = (typeof ACTIONS)[number];
const PROBLEMS = ['required', 'tooLong', 'invalidCharacters'] as const;
type Problem = (typeof PROBLEMS)[number];

/** A refused form: the review it was for, what was typed, and what is wrong. */
export interface FailedModeration {
  id: string;
  action: Action;
  value: string;
  problem: Problem | 'REVIEW_NOT_FOUND' | 'INVALID_FORM';
}

export interface ReviewQueueView {
  status: ReviewFilter;
  reviews: ModerationReview[];
  limited: boolean;
  /** The decision just taken and the title of the review it was about. */
  done: { action: Action; title: string } | null;
  failed: FailedModeration | null;
}

const isAction = (v: unknown): v is Action => ACTIONS.includes(v as Action);
const isFilter = (v: unknown): v is ReviewFilter => REVIEW_FILTERS.includes(v as ReviewFilter);
const isProblem = (v: unknown): v is Problem => PROBLEMS.includes(v as Problem);

const forms = {
  publish: formAction(moderationChanges.publish, { id: formField.text('id') }),
  reject: formAction(moderationChanges.reject, { id: formField.text('id'), reason: formField.text('reason') }),
  reply: formAction(moderationChanges.reply, { id: formField.text('id'), reply: formField.text('reply') }),
};

export const queuePath = (status: ReviewFilter, extra: Record<string, string> = {}) =>
  `${PATH}?${new URLSearchParams({ status, ...extra })}`;

type Astro = Pick<AstroGlobal, 'cookies' | 'request' | 'url' | 'clientAddress'>;

/** Handles a posted form: where to go on, or the refused form. */
async function handlePost(astro: Astro, status: ReviewFilter): Promise<{ redirect: string } | FailedModeration> {
  let form: URLSearchParams;
  try {
    form = await readForm(astro.request, MAX_FORM_BYTES);
  } catch (error) {
    if (error instanceof ApiError) return { id: '', action: 'publish', value: '', problem: 'INVALID_FORM' };
    throw error;
  }
  const action = form.get('action');
  const id = form.get('id') ?? '';
  if (!isAction(action)) return { id, action: 'publish', value: '', problem: 'INVALID_FORM' };
  const outcome = await submitForm(forms[action], form, astro);
  if (outcome.ok) return { redirect: queuePath(status, { done: action, review: id }) };
  const value = action === 'publish' ? '' : (form.get(action === 'reject' ? 'reason' : 'reply') ?? '');
  const { error } = outcome;
  if (error.code === 'REVIEW_NOT_FOUND') return { id, action, value, problem: error.code };
  if (error.code === 'VALIDATION_FAILED' && Array.isArray(error.details)) {
    const issue = (error.details as { path?: unknown; message?: unknown }[]).find((i) => i.path !== 'id');
    if (issue) return { id, action, value, problem: isProblem(issue.message) ? issue.message : 'required' };
  }
  // No review id, a session that ended meanwhile, a body of another page: not a form of this queue.
  return { id, action, value, problem: 'INVALID_FORM' };
}

/** The page's loader: a POST is handled first, then the queue is read as it is now. */
export async function reviewQueueView(
  astro: Astro,
  locale: AdminLocale,
): Promise<{ redirect: string } | ReviewQueueView> {
  const asked = astro.url.searchParams.get('status');
  const status: ReviewFilter = isFilter(asked) ? asked : 'pending';
  let failed: FailedModeration | null = null;
  if (astro.request.method === 'POST') {
    const outcome = await handlePost(astro, status);
    if ('redirect' in outcome) return outcome;
    failed = outcome;
  }
  const db = await getDb();
  const queue = await reviewQueueOf(db, status, locale);
  const doneAction = astro.url.searchParams.get('done');
  const doneId = astro.url.searchParams.get('review') ?? '';
  let done: ReviewQueueView['done'] = null;
  if (!failed && isAction(doneAction) && /^[0-9a-f-]{36}$/i.test(doneId)) {
    const [review] = await reviewsForModeration(db, { id: doneId });
    if (review) done = { action: doneAction, title: review.title };
  }
  return { status, reviews: queue.reviews, limited: queue.limited, done, failed };
}
