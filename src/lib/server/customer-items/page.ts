// The "My item numbers" page (/my-account/item-numbers) on the server: the company's numbers, paged and
// searchable, and for a user who may order the forms to set one, remove one and import a file. Every
// form is plain HTML posting to the page (it works without script) and is the JSON endpoint's own state
// change (handlers.ts) with its request read from the form. Setting and removing redirect 303 back
// with what was done (post/redirect/get); an import shows its report at once (sending the same file
// again changes nothing more). A refusal renders the page again with its status and, for the set form,
// what was typed with each message beside its field.
// The quick order's CSV/XLSX reader, reused as it is.
import { SpreadsheetRefused, spreadsheetRows } from '../spreadsheet-rows.ts';
import { CUSTOMER_ITEM_MESSAGES, type ImportReport } from '#lib/customer-items/contract.ts';
import { numberRows } from '#lib/customer-items/file-rows.ts';
import { MAX_ITEM_NUMBERS_FILE_BYTES } from '#lib/customer-items/rules.ts';
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import type { AstroCookies } from 'astro';
import type { Locale } from '#lib/i18n/locales.ts';
import { may, type SignedIn } from '../auth/index.ts';
import type { Shopper } from '../shopper.ts';
import { getDb } from '../db/index.ts';
import { ApiError } from '../http.ts';
import { formAction, formField, readForm, submitForm } from '../http-form.ts';
import type { CustomerItemChanges } from './handlers.ts';
import { listCustomerNumbers, type NumberPage } from './writes.ts';

export const ITEM_NUMBERS_PATH = '/my-account/item-numbers';
/** The set and remove forms hold two short fields. */
const MAX_FORM_BYTES = 4 * 1024;

const DONE = ['set', 'removed'] as const;
type Done = (typeof DONE)[number];

/** Why an uploaded file gave no rows to import. */
type FileProblem = SpreadsheetRefused['reason'] | 'empty' | 'too-large';

export interface SetForm {
  values: { item: string; number: string };
  errors: Partial<Record<'item' | 'number', MessageKey>>;
}

type PageView = {
  kind: 'view';
  status: 200 | 400 | 403 | 404 | 409 | 413 | 415 | 422;
  list: NumberPage;
  q: string;
  /** Whether the user's role may change the numbers (else the page only lists them). */
  mayChange: boolean;
  form: SetForm;
  done: Done | null;
  refused: MessageKey | null;
  report: (ImportReport & { dropped: number }) | null;
  fileProblem: FileProblem | null;
};

export type ItemNumbersPageView = { kind: 'see-other'; to: string } | PageView;

const M = CUSTOMER_ITEM_MESSAGES;
const FIELD_KEYS = new Map<string, MessageKey>([
  [M.required, 'validation.required'],
  [M.tooLong, 'validation.tooLong'],
  [M.invalidCharacters, 'validation.invalidCharacters'],
]);

function fieldErrors(error: ApiError): SetForm['errors'] {
  const errors: SetForm['errors'] = {};
  const issues = Array.isArray(error.details) ? (error.details as { path: string; message: string }[]) : [];
  for (const issue of issues) {
    const field = issue.path.split('.')[0];
    if (field === 'item' || field === 'number')
      errors[field] ??= FIELD_KEYS.get(issue.message) ?? 'validation.invalidCharacters';
  }
  return errors;
}

const REFUSALS: Partial<Record<string, MessageKey>> = {
  PRODUCT_NOT_FOUND: 'itemNumbers.refusal.unknown-product',
  CUSTOMER_ITEM_NUMBER_TAKEN: 'itemNumbers.refusal.number-taken',
  CUSTOMER_ITEM_NUMBER_NOT_FOUND: 'itemNumbers.error.notFound',
  PERMISSION_DENIED: 'server.PERMISSION_DENIED',
  UNAUTHENTICATED: 'account.signInRequired',
};

/** The post as a form: multipart when it carries the import's file, urlencoded otherwise. */
async function readPost(request: Request): Promise<{ form: URLSearchParams; file: File | null } | ApiError> {
  try {
    if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
      // The front caps the body for this path (body-limit.ts) before the parser sees it.
      const data = await request.formData().catch(() => {
        throw new ApiError('VALIDATION_FAILED', 'The form could not be read', 400);
      });
      const form = new URLSearchParams();
      for (const [name, value] of data) if (typeof value === 'string') form.append(name, value);
      const file = data.get('file');
      return { form, file: typeof file === 'object' && file !== null && file.size > 0 ? file : null };
    }
    return { form: await readForm(request, MAX_FORM_BYTES), file: null };
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/** The uploaded file's rows, or why there are none to import. */
async function fileRows(file: File | null) {
  if (!file) return { problem: 'empty' as const };
  if (file.size > MAX_ITEM_NUMBERS_FILE_BYTES) return { problem: 'too-large' as const };
  try {
    const read = numberRows(await spreadsheetRows(new Uint8Array(await file.arrayBuffer())));
    return read.entries.length === 0 ? { problem: 'empty' as const } : read;
  } catch (error) {
    if (error instanceof SpreadsheetRefused) return { problem: error.reason };
    throw error;
  }
}

/** A coded refusal above the page's content, with its status, beside the field it concerns; anything else is a real failure. */
function refuse(view: PageView, error: ApiError): void {
  const key = REFUSALS[error.code];
  if (!key) throw error;
  view.refused = key;
  view.status = error.status === 403 ? 403 : error.status === 404 ? 404 : 409;
  if (error.code === 'PRODUCT_NOT_FOUND') view.form.errors = { item: key };
  if (error.code === 'CUSTOMER_ITEM_NUMBER_TAKEN') view.form.errors = { number: key };
}

const asPage = (value: string | null) => (/^\d{1,6}$/.test(value ?? '') ? Math.max(1, Number(value)) : 1);

/**
 * What the loader reads of the account page's context (the account domain's AccountContext): named here
 * rather than imported, because the catalogue reaches this domain and the account frame reaches the
 * catalogue, and the two must not knot.
 */
interface ItemNumbersContext {
  request: { url: URL; request: Request; cookies: AstroCookies; readonly clientAddress: string };
  locale: Locale;
  shopper: SignedIn<Shopper>;
}

export const itemNumbersPage = (changes: CustomerItemChanges) => {
  const set = formAction(changes.set, { item: formField.text('item'), number: formField.text('number') });
  const remove = formAction(changes.remove, { item: formField.text('item') });
  const importFile = formAction(changes.import, () => ({}));

  return async (ctx: ItemNumbersContext): Promise<ItemNumbersPageView | { notFound: true }> => {
    const { request, shopper, locale } = ctx;
    const params = request.url.searchParams;
    const view: PageView = {
      kind: 'view',
      status: 200,
      list: { numbers: [], total: 0, page: 1, pages: 1 },
      q: (params.get('q') ?? '').trim().slice(0, 100),
      mayChange: may(shopper, 'order'),
      form: { values: { item: '', number: '' }, errors: {} },
      done: null,
      refused: null,
      report: null,
      fileProblem: null,
    };

    if (request.request.method === 'POST') {
      const post = await readPost(request.request);
      if (post instanceof ApiError) {
        view.status = post.status === 413 ? 413 : post.status === 400 ? 400 : 415;
      } else {
        const action = post.form.get('action');
        if (action === 'import') {
          const read = await fileRows(post.file);
          if ('problem' in read) {
            view.fileProblem = read.problem;
            view.status = read.problem === 'too-large' ? 413 : 422;
          } else {
            const outcome = await submitForm(importFile, post.form, request, { entries: read.entries });
            if (outcome.ok) view.report = { ...outcome.result, dropped: read.dropped };
            else refuse(view, outcome.error);
          }
        } else if (action === 'set' || action === 'remove') {
          const outcome =
            action === 'set' ? await submitForm(set, post.form, request) : await submitForm(remove, post.form, request);
          if (outcome.ok)
            return { kind: 'see-other', to: `${ITEM_NUMBERS_PATH}?done=${action === 'set' ? 'set' : 'removed'}` };
          if (action === 'set')
            view.form.values = { item: post.form.get('item') ?? '', number: post.form.get('number') ?? '' };
          const { error } = outcome;
          if (error.code === 'VALIDATION_FAILED') {
            view.form.errors = action === 'set' ? fieldErrors(error) : {};
            view.refused = 'itemNumbers.formErrors';
            view.status = 422;
          } else refuse(view, error);
        } else return { notFound: true };
      }
    } else {
      const done = params.get('done');
      view.done = (DONE as readonly (string | null)[]).includes(done) ? (done as Done) : null;
    }
    view.list = await listCustomerNumbers(await getDb(), shopper.customerId, {
      q: view.q,
      page: asPage(params.get('page')),
      locale,
    });
    return view;
  };
};
