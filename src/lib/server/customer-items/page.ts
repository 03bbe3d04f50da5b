// The "My item numbers" page (/my-account/item-numbers) on the server: the company's numbers, paged and
// searchable, and for a user who may order the forms to set one, remove one and import a file. Every
// form is plain HTML posting to the page (it works without script) and is the JSON endpoint's own state
// change (handlers.ts) with its request read from the form. Setting and removing redirect 303 back
// with what was done (post/redirect/get); an import shows its report at once (sending the same file
// again changes nothing more). A refusal renders the page again with its status and, for the set form,
// what was typed with each message beside its field.
// The quick order's CSV/XLSX reader, reused as it is.
import { readUploadPost, unreadablePostStatus, uploadedRows, type UploadProblem } from '../upload-form.ts';
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
import { fieldMessageKeys, fieldProblems, showRefusal } from '../form-refusal.ts';
import { formAction, formField, submitForm } from '../http-form.ts';
import type { CustomerItemChanges } from './handlers.ts';
import { listCustomerNumbers, type NumberPage } from './writes.ts';

export const ITEM_NUMBERS_PATH = '/my-account/item-numbers';
/** The set and remove forms hold two short fields. */
const MAX_FORM_BYTES = 4 * 1024;

const DONE = ['set', 'removed'] as const;
type Done = (typeof DONE)[number];

interface SetForm {
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
  fileProblem: UploadProblem | null;
};

export type ItemNumbersPageView = { kind: 'see-other'; to: string } | PageView;

const M = CUSTOMER_ITEM_MESSAGES;
const FIELD_KEYS = fieldMessageKeys(M);

const REFUSALS: Partial<Record<string, MessageKey>> = {
  PRODUCT_NOT_FOUND: 'itemNumbers.refusal.unknown-product',
  CUSTOMER_ITEM_NUMBER_TAKEN: 'itemNumbers.refusal.number-taken',
  CUSTOMER_ITEM_NUMBER_NOT_FOUND: 'itemNumbers.error.notFound',
};

/** A coded refusal above the page's content, with its status, beside the field it concerns; anything else is a real failure. */
function refuse(view: PageView, error: ApiError): void {
  const key = showRefusal(view, REFUSALS, error);
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
      const post = await readUploadPost(request.request, MAX_FORM_BYTES);
      if (post instanceof ApiError) {
        view.status = unreadablePostStatus(post);
      } else {
        const action = post.form.get('action');
        if (action === 'import') {
          const read = await uploadedRows(post.file, MAX_ITEM_NUMBERS_FILE_BYTES, numberRows);
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
            view.form.errors =
              action === 'set'
                ? fieldProblems(error, ['item', 'number'], FIELD_KEYS, 'validation.invalidCharacters')
                : {};
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
