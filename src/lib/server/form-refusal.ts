// How an account page of plain forms shows a state change's coded refusal: the message above the
// form with the answer's status, and for VALIDATION_FAILED each field's first problem in the shopper's
// language beside the field. A code the page does not expect is a real failure and is thrown on.
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import type { ApiError } from './http.ts';

/** What every such page says when the session ended or the role may not do it. */
const SESSION_REFUSALS: Partial<Record<string, MessageKey>> = {
  PERMISSION_DENIED: 'server.PERMISSION_DENIED',
  UNAUTHENTICATED: 'account.signInRequired',
};

/**
 * Shows the refusal on the page's view: its message (the page's own codes, and the session's) and the
 * status the page answers with. Returns the message, for a page that also marks the field it concerns.
 */
export function showRefusal(
  view: { refused: MessageKey | null; status: number },
  refusals: Partial<Record<string, MessageKey>>,
  error: ApiError,
): MessageKey {
  const key = refusals[error.code] ?? SESSION_REFUSALS[error.code];
  if (!key) throw error;
  view.refused = key;
  view.status = error.status === 400 || error.status === 403 || error.status === 404 ? error.status : 409;
  return key;
}

/** The messages of a form's text fields' schemas (src/lib/http/fields.ts text()), as the shopper's messages. */
export const fieldMessageKeys = (messages: { required: string; tooLong: string; invalidCharacters: string }) =>
  new Map<string, MessageKey>([
    [messages.required, 'validation.required'],
    [messages.tooLong, 'validation.tooLong'],
    [messages.invalidCharacters, 'validation.invalidCharacters'],
  ]);

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
