// The no-JavaScript way into a state change: a page's plain HTML form posts to the page itself, and
// the page hands the post to the same StateChange its JSON endpoint serves (http.ts). The form's text
// fields are mapped to the operation's request by a small declared mapping, then the contract's schema,
// the handler and its coded errors decide exactly as for the JSON call. On a success the page redirects
// (303, post/redirect/get, to where only it knows); a coded error comes back for the page to show in
// the shopper's language, beside what was typed.
import type { Operation, ParsedRequestOf, ResponseOf } from '#lib/http/contract.ts';
import type { ClientContext } from './client-ip.ts';
import { ApiError, admit, parseInput, readText, type StateChange } from './http.ts';

/** Reads one request value from the posted form. */
export type FormField = (form: URLSearchParams) => unknown;
/** The request's shape with a form field (or a nested shape) for each of its properties. */
export interface FormFields {
  readonly [property: string]: FormField | FormFields;
}

/**
 * The field readers a mapping is made of. They only carry text into the request's shape; whether it
 * is valid is the contract schema's to say.
 */
export const formField = {
  /** The field's text; '' when it is missing. */
  text:
    (name: string): FormField =>
    (form) =>
      form.get(name) ?? '',
  /** The field's text, left out of the request when missing or empty (an optional property). */
  optional:
    (name: string): FormField =>
    (form) =>
      form.get(name) || undefined,
  /** The field as a number; NaN (refused by the schema) when missing or empty. */
  number:
    (name: string): FormField =>
    (form) =>
      Number(form.get(name) || Number.NaN),
  /** Every value of a repeated field (ticked boxes of one name). */
  all:
    (name: string): FormField =>
    (form) =>
      form.getAll(name),
  /** A ticked checkbox is true; an unticked one is left out of the request. */
  checked:
    (name: string): FormField =>
    (form) =>
      form.get(name) === 'on' ? true : undefined,
} as const;

/**
 * The request a mapping reads from a form. A property read as undefined is left out, so a strict schema
 * sees an optional property the form did not send as absent.
 * @internal exported for its unit test
 */
export function mapForm(fields: FormFields | FormField, form: URLSearchParams): unknown {
  if (typeof fields === 'function') return fields(form);
  return Object.fromEntries(
    Object.entries(fields)
      .map(([property, field]) => [property, mapForm(field, form)])
      .filter(([, value]) => value !== undefined),
  );
}

/** A urlencoded form body, at most maxBytes: another content type is 415, a larger body 413. */
export async function readForm(request: Request, maxBytes: number): Promise<URLSearchParams> {
  if (!(request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Expected a form', 415);
  }
  return new URLSearchParams(await readText(request, maxBytes));
}

/** The posted form, or the coded error that says it is none a page sent (415, 413). */
export async function postedForm(request: Request, maxBytes: number): Promise<URLSearchParams | ApiError> {
  return readForm(request, maxBytes).catch((error: unknown) => {
    if (error instanceof ApiError) return error;
    throw error;
  });
}

/**
 * The posted form, read as an empty one when the body is no form (another content type), for pages that
 * answer any post as a form without fields; a body over maxBytes is still refused 413.
 */
export async function postedFormOrEmpty(request: Request, maxBytes: number): Promise<URLSearchParams> {
  const form = await postedForm(request, maxBytes);
  if (!(form instanceof ApiError)) return form;
  if (form.status === 413) throw form;
  return new URLSearchParams();
}

/** A state change as one of a page's forms posts it. */
export interface FormAction<O extends Operation, Context, Caller> {
  readonly change: StateChange<O, Context, Caller>;
  /** The operation's request read from the form (a FormFields mapping, or one reader for a shape it cannot declare). */
  readonly fields: FormFields | FormField;
}

export const formAction = <O extends Operation, Context, Caller>(
  change: StateChange<O, Context, Caller>,
  fields: FormFields | FormField,
): FormAction<O, Context, Caller> => ({ change, fields });

export type FormOutcome<O extends Operation> =
  { ok: true; input: ParsedRequestOf<O>; result: ResponseOf<O> } | { ok: false; error: ApiError };

/**
 * Runs a posted form through its state change, as endpoint() runs a JSON body: the budget, the caller,
 * the contract schema (with the change's own coded validation errors) and the handler. `known` holds
 * request properties the page knows and the form does not carry (the page's locale). Coded errors come
 * back as the outcome; anything else is a real failure and is thrown to the error page.
 */
export async function submitForm<O extends Operation, Context, Caller>(
  action: FormAction<O, Context, Caller>,
  form: URLSearchParams,
  context: Context & ClientContext,
  known: Record<string, unknown> = {},
): Promise<FormOutcome<O>> {
  const { change } = action;
  try {
    const caller = await admit(change.options, context);
    const input = parseInput(
      { ...(mapForm(action.fields, form) as object), ...known },
      change.op.request,
      change.options.invalid,
    ) as ParsedRequestOf<O>;
    const answer = await change.handler(input, context, caller);
    // A handler answers with a Response only for a browser redirect of its JSON call: no form posts to those.
    if (answer instanceof Response) throw new Error(`${change.op.path} answers a Response: it cannot serve a form`);
    return { ok: true, input, result: answer };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    throw error;
  }
}

/** Reads the posted form and submits it: a body that is no form, or too large, is the outcome's coded error (415, 413). */
export async function submitPostedForm<O extends Operation, Context, Caller>(
  action: FormAction<O, Context, Caller>,
  context: Context & ClientContext,
  maxBytes: number,
  known: Record<string, unknown> = {},
): Promise<FormOutcome<O>> {
  const form = await postedForm(context.request, maxBytes);
  return form instanceof ApiError ? { ok: false, error: form } : submitForm(action, form, context, known);
}
