// The "My lists" pages on the server: /my-account/lists (the user's lists and those shared with them;
// create, rename, share, delete, save the cart as a list) and /my-account/lists/{id} (one list's lines
// with the buyer's prices and pack units; add, change and remove lines, add all or the ticked lines to
// the cart, import a file). Every form is plain HTML posting to its page (it works without script) and
// is the JSON endpoint's own state change (handlers.ts) with its request read from the form. A change
// redirects 303 back with what was done (post/redirect/get); an import and a cart addition with refused
// lines show their report at once; a refusal renders the page again with its status.
import type { AstroCookies } from 'astro';
import { readUploadPost, unreadablePostStatus, uploadedRows, type UploadProblem } from '../upload-form.ts';
import {
  REQUISITION_LIST_MESSAGES,
  type ListImportReport,
  type RequisitionList,
  type RequisitionListLine,
} from '#lib/requisition-lists/contract.ts';
import { listFileRows } from '#lib/requisition-lists/file-rows.ts';
import { MAX_LIST_FILE_BYTES } from '#lib/requisition-lists/rules.ts';
import type { LineRefusal } from '#lib/cart/bulk-contract.ts';
import type { PriceListEntry } from '#lib/catalog/contract.ts';
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { may, type SignedIn } from '../auth/index.ts';
import { priceContext, type Shopper } from '../shopper.ts';
import { getDb } from '../db/index.ts';
import { ApiError } from '../http.ts';
import { fieldMessageKeys, fieldProblems, showRefusal } from '../form-refusal.ts';
import { formAction, formField, submitForm, type FormField } from '../http-form.ts';
import type { RequisitionListChanges } from './handlers.ts';
import { listView, visibleList, visibleLists } from './access.ts';
import { listLines } from './writes.ts';

export const LISTS_PATH = '/my-account/lists';
export const listPath = (id: string) => `${LISTS_PATH}/${id}`;
/** The forms without a file hold a few short fields, or a thousand ticked lines. */
const MAX_FORM_BYTES = 64 * 1024;

/** What a change redirects back with, for the page to confirm. */
const DONE = ['created', 'renamed', 'shared', 'deleted', 'saved', 'added', 'updated', 'removed', 'cart'] as const;
type Done = (typeof DONE)[number];

type Status = 200 | 400 | 403 | 404 | 409 | 413 | 415 | 422;

/** A form that was refused: what was typed and a message per field. */
interface Form<F extends string> {
  values: Record<F, string>;
  errors: Partial<Record<F, MessageKey>>;
}

interface Common {
  kind: 'view';
  status: Status;
  /** Whether the user's role may order: change lists and add them to the cart (else the pages only show them). */
  mayOrder: boolean;
  done: Done | null;
  refused: MessageKey | null;
}

export type ListsPageView =
  | { kind: 'see-other'; to: string }
  | (Common & {
      lists: RequisitionList[];
      /** The create and save-the-cart forms, as last posted when refused. */
      create: Form<'name'>;
      saveCart: Form<'name'>;
    });

/** A line as the list page shows it: with the buyer's price and the stock, as the price call answers them. */
export type ListPageLine = RequisitionListLine & { offer: PriceListEntry | null };

export type ListPageView =
  | { kind: 'see-other'; to: string }
  | (Common & {
      list: RequisitionList;
      lines: ListPageLine[];
      add: Form<'item' | 'quantity' | 'note'>;
      report: (ListImportReport & { dropped: number }) | null;
      fileProblem: UploadProblem | null;
      /** Lines the cart refused when the list (or some lines) were added, with the cart's reason. */
      cartRefused: (LineRefusal & { name: string })[];
      /** How many lines went into the cart. */
      cartAdded: number;
    });

const M = REQUISITION_LIST_MESSAGES;
const FIELD_KEYS = fieldMessageKeys(M);

const REFUSALS: Partial<Record<string, MessageKey>> = {
  REQUISITION_LIST_NOT_FOUND: 'lists.error.notFound',
  REQUISITION_LIST_READ_ONLY: 'lists.error.readOnly',
  REQUISITION_LIST_OWNER_ONLY: 'lists.error.ownerOnly',
  REQUISITION_LIST_LIMIT: 'lists.error.limit',
  REQUISITION_LIST_FULL: 'lists.error.full',
  REQUISITION_LINE_NOT_FOUND: 'lists.error.lineNotFound',
  REQUISITION_LIST_EMPTY: 'lists.error.empty',
  PRODUCT_NOT_FOUND: 'lists.refusal.unknown-product',
  INVALID_QUANTITY: 'lists.refusal.invalid-quantity',
  CART_EMPTY: 'lists.error.cartEmpty',
};

/** A coded refusal above the page's content, with its status; anything else is a real failure. */
const refuse = (view: Common, error: ApiError) => void showRefusal(view, REFUSALS, error);

/**
 * What the loaders read of the account page's context (the account domain's AccountContext): named here
 * rather than imported, as the item numbers page does, so the domains do not knot.
 */
interface ListsContext {
  request: { url: URL; request: Request; cookies: AstroCookies; readonly clientAddress: string };
  locale: Locale;
  shopper: SignedIn<Shopper>;
}

const asker = (shopper: SignedIn<Shopper>) => ({ customerId: shopper.customerId, userId: shopper.user.id });

function doneOf(params: URLSearchParams): Done | null {
  const done = params.get('done');
  return (DONE as readonly (string | null)[]).includes(done) ? (done as Done) : null;
}

/** The form's line ids: every ticked `line` box for "add selected", none for "add all" (the whole list). */
const chosenLines: FormField = (form) =>
  form.get('scope') === 'all' ? undefined : form.getAll('line').map((value) => Number(value || Number.NaN));

export const listsPage = (changes: RequisitionListChanges) => {
  const create = formAction(changes.create, { name: formField.text('name') });
  const saveCart = formAction(changes.saveCart, { name: formField.text('name') });
  const rename = formAction(changes.rename, { id: formField.text('id'), name: formField.text('name') });
  const share = formAction(changes.share, { id: formField.text('id'), sharing: formField.text('sharing') });
  const remove = formAction(changes.delete, { id: formField.text('id') });

  return async (ctx: ListsContext): Promise<ListsPageView | { notFound: true }> => {
    const { request, shopper } = ctx;
    const view: Extract<ListsPageView, { kind: 'view' }> = {
      kind: 'view',
      status: 200,
      mayOrder: may(shopper, 'order'),
      done: null,
      refused: null,
      lists: [],
      create: { values: { name: '' }, errors: {} },
      saveCart: { values: { name: '' }, errors: {} },
    };
    if (request.request.method === 'POST') {
      const post = await readUploadPost(request.request, MAX_FORM_BYTES);
      if (post instanceof ApiError) view.status = unreadablePostStatus(post);
      else {
        const action = post.form.get('action');
        if (action === 'create' || action === 'save-cart') {
          const outcome = await submitForm(action === 'create' ? create : saveCart, post.form, request);
          if (outcome.ok)
            return {
              kind: 'see-other',
              to: `${listPath(outcome.result.list.id)}?done=${action === 'create' ? 'created' : 'saved'}`,
            };
          const form = action === 'create' ? view.create : view.saveCart;
          form.values.name = post.form.get('name') ?? '';
          if (outcome.error.code === 'VALIDATION_FAILED') {
            form.errors = fieldProblems(outcome.error, ['name'], FIELD_KEYS, 'validation.invalidCharacters');
            view.refused = 'lists.formErrors';
            view.status = 422;
          } else refuse(view, outcome.error);
        } else if (action === 'rename' || action === 'share' || action === 'delete') {
          const chosen = action === 'rename' ? rename : action === 'share' ? share : remove;
          const outcome = await submitForm(chosen as typeof rename, post.form, request);
          if (outcome.ok)
            return {
              kind: 'see-other',
              to: `${LISTS_PATH}?done=${action === 'rename' ? 'renamed' : action === 'share' ? 'shared' : 'deleted'}`,
            };
          if (outcome.error.code === 'VALIDATION_FAILED') {
            view.refused = 'lists.formErrors';
            view.status = 422;
          } else refuse(view, outcome.error);
        } else return { notFound: true };
      }
    } else view.done = doneOf(request.url.searchParams);
    const found = await visibleLists(await getDb(), asker(shopper));
    view.lists = found.map((row) => listView(row, asker(shopper), view.mayOrder));
    return view;
  };
};

/** The buyer's prices and stock for the lines' products (the catalogue's in-memory price index). */
async function offersFor(skus: string[], shopper: SignedIn<Shopper>): Promise<Map<string, PriceListEntry>> {
  // Loaded on first use, as the cart's quick order does: the catalogue's module graph reaches this domain.
  const { priceList } = await import('../catalog/index.ts');
  const found = await priceList(skus, await priceContext(shopper));
  return new Map(found.map((offer) => [offer.sku, offer]));
}

export const listPage = (changes: RequisitionListChanges) => {
  const addLine = formAction(changes.addLine, {
    id: formField.text('id'),
    item: formField.text('item'),
    quantity: formField.number('quantity'),
    note: formField.optional('note'),
  });
  const updateLine = formAction(changes.updateLine, {
    id: formField.text('id'),
    line: formField.number('line'),
    quantity: formField.number('quantity'),
    note: formField.text('note'),
  });
  const removeLine = formAction(changes.removeLine, { id: formField.text('id'), line: formField.number('line') });
  const addToCart = formAction(changes.addToCart, { id: formField.text('id'), lines: chosenLines });
  const importFile = formAction(changes.import, { id: formField.text('id') });

  return (id: string) =>
    async (ctx: ListsContext): Promise<ListPageView | { notFound: true }> => {
      const { request, shopper, locale } = ctx;
      const db = await getDb();
      const found = await visibleList(db, asker(shopper), id).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'REQUISITION_LIST_NOT_FOUND') return null;
        throw error;
      });
      if (!found) return { notFound: true };
      const here = listPath(found.id);
      const view: Extract<ListPageView, { kind: 'view' }> = {
        kind: 'view',
        status: 200,
        mayOrder: may(shopper, 'order'),
        done: null,
        refused: null,
        list: listView(found, asker(shopper), may(shopper, 'order')),
        lines: [],
        add: { values: { item: '', quantity: '1', note: '' }, errors: {} },
        report: null,
        fileProblem: null,
        cartRefused: [],
        cartAdded: 0,
      };
      if (request.request.method === 'POST') {
        const post = await readUploadPost(request.request, MAX_FORM_BYTES);
        if (post instanceof ApiError) view.status = unreadablePostStatus(post);
        else {
          post.form.set('id', found.id);
          const action = post.form.get('action');
          if (action === 'import') {
            const read = await uploadedRows(post.file, MAX_LIST_FILE_BYTES, listFileRows);
            if ('problem' in read) {
              view.fileProblem = read.problem;
              view.status = read.problem === 'too-large' ? 413 : 422;
            } else {
              const outcome = await submitForm(importFile, post.form, request, { entries: read.entries });
              if (outcome.ok) view.report = { ...outcome.result, dropped: read.dropped };
              else refuse(view, outcome.error);
            }
          } else if (action === 'add-to-cart') {
            const outcome = await submitForm(addToCart, post.form, request, { locale });
            if (outcome.ok && outcome.result.refused.length === 0)
              return { kind: 'see-other', to: `${here}?done=cart#cart` };
            if (outcome.ok) {
              view.cartAdded = outcome.result.added.length;
              const names = new Map(
                (await listLines(db, found.id, shopper.customerId, locale)).map((l) => [l.sku, l.name]),
              );
              view.cartRefused = outcome.result.refused.map((r) => ({
                sku: r.sku,
                code: r.code,
                name: names.get(r.sku) ?? r.sku,
              }));
            } else if (outcome.error.code === 'VALIDATION_FAILED') {
              view.refused = 'lists.noneSelected';
              view.status = 422;
            } else refuse(view, outcome.error);
          } else if (action === 'add-line') {
            const outcome = await submitForm(addLine, post.form, request);
            if (outcome.ok) return { kind: 'see-other', to: `${here}?done=added` };
            view.add.values = {
              item: post.form.get('item') ?? '',
              quantity: post.form.get('quantity') ?? '',
              note: post.form.get('note') ?? '',
            };
            if (outcome.error.code === 'VALIDATION_FAILED') {
              view.add.errors = fieldProblems(
                outcome.error,
                ['item', 'quantity', 'note'],
                FIELD_KEYS,
                'lists.quantityInvalid',
              );
              view.refused = 'lists.formErrors';
              view.status = 422;
            } else {
              refuse(view, outcome.error);
              if (outcome.error.code === 'PRODUCT_NOT_FOUND')
                view.add.errors = { item: 'lists.refusal.unknown-product' };
              if (outcome.error.code === 'INVALID_QUANTITY')
                view.add.errors = { quantity: 'lists.refusal.invalid-quantity' };
            }
          } else if (action === 'update-line' || action === 'remove-line') {
            const outcome =
              action === 'update-line'
                ? await submitForm(updateLine, post.form, request)
                : await submitForm(removeLine, post.form, request);
            if (outcome.ok)
              return { kind: 'see-other', to: `${here}?done=${action === 'update-line' ? 'updated' : 'removed'}` };
            if (outcome.error.code === 'VALIDATION_FAILED') {
              view.refused = 'lists.lineInvalid';
              view.status = 422;
            } else refuse(view, outcome.error);
          } else return { notFound: true };
        }
      } else view.done = doneOf(request.url.searchParams);
      const lines = await listLines(db, found.id, shopper.customerId, locale);
      const offers = await offersFor([...new Set(lines.map((line) => line.sku))], shopper);
      view.lines = lines.map(({ productId: _productId, ref: _ref, ...line }) => ({
        ...line,
        offer: offers.get(line.sku) ?? null,
      }));
      // A line changed meanwhile shows as it is now.
      const after = await visibleList(db, asker(shopper), found.id).catch(() => found);
      view.list = listView(after, asker(shopper), view.mayOrder);
      return view;
    };
};
