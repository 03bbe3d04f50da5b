// How an account page of plain forms shows a state change's coded refusal: the message above the
// form with the answer's status, and for VALIDATION_FAILED each field's first problem in the shopper's
// language beside the field. A code the page does not expect is a real failure and is thrown on.
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import type { ApiError } from './http.ts';

/** The message of the refusal and the status the page answers with. */
export function pageRefusal(
  refusals: Partial<Record<string, MessageKey>>,
  error: ApiError,
): { key: MessageKey; status: 400 | 403 | 404 | 409 } {
  const key = refusals[error.code];
  if (!key) throw error;
  const status = error.status === 400 || error.status === 403 || error.status === 404 ? error.status : 409;
  return { key, status };
}

/** Each of `fields`' first problem, by the schema's message (`keys`), else `fallback`. */
export function fieldProblems<F extends string>(
  error: ApiError,
  fields: readonly F[],
  keys: ReadonlyMap<string, MessageKey>,
  fallback: MessageKey,
): Partial<Record<F, MessageKey>> {
  const errors: Partial<Record<F, MessageKey>> = {};
  const issues = Array.isArray(error.details) ? (error.details as { path: string; message: string }[]) : [];
  for (const issue of issues) {
    const field = issue.path.split('.')[0] as F;
    if (fields.includes(field)) errors[field] ??= keys.get(issue.message) ?? fallback;
  }
  return errors;
}
