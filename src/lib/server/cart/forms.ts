// The cart's plain HTML forms (src/pages/[...lang]/cart/add.astro), for a click made before the buy
// box's script is live or without JavaScript: the same state changes as POST /api/cart/add and
// /api/cart/add-many, their requests read from the form's fields.
import type { LineRefusal } from '#lib/cart/bulk-contract.ts';
import { bulkLinesFromForm, parseQuickOrder } from '#lib/cart/quick-order.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { ClientContext } from '../client-ip.ts';
import type { ApiError } from '../http.ts';
import { formAction, formField, submitForm, type FormField } from '../http-form.ts';
import { bulkCartAddition } from './bulk.ts';
import { cartAddition, type CartDeps, type CartRequest } from './handlers.ts';

/** A product form holds a sku, a quantity, a return path and a few dozen accessories; My Items' a page of rows. */
export const MAX_CART_FORM_BYTES = 8 * 1024;

/** My Items' rows: one row's button (`only`) or "Add selected" (the ticked `sku` boxes), each quantity in `quantity-<sku>`. */
const myItemsLines: FormField = (form) => bulkLinesFromForm(form) ?? [];

/**
 * The quick order page's "Add to cart": the checked lines as text, an item number (here the sku) and a
 * quantity per line. A quantity that is no longer valid stays unreadable for the schema to refuse.
 */
const quickOrderLines: FormField = (form) =>
  parseQuickOrder(form.get('lines') ?? '').lines.map((line) => ({
    sku: line.ref,
    quantity: line.quantity ?? Number.NaN,
  }));

export type CartFormOutcome =
  /** Added; `refused` are My Items' rows that were not (the others are in the cart). */
  | { ok: true; refused: LineRefusal[] }
  /** `myItems`: the error is of My Items' form, whose only typed fields are quantities; `noneChosen`: it ticked no row. */
  | { ok: false; error: ApiError; myItems: boolean; noneChosen: boolean };

export function cartForms(deps: CartDeps) {
  /** The buy box and every listing card. */
  const add = formAction(cartAddition(deps), {
    sku: formField.text('sku'),
    quantity: formField.number('quantity'),
    accessories: formField.all('accessories'),
  });
  /** My Items' form. */
  const addMany = formAction(bulkCartAddition(deps), { lines: myItemsLines });

  /** The quick order page's form (src/pages/[...lang]/quick-order.astro). */
  const addQuickOrder = formAction(bulkCartAddition(deps), { lines: quickOrderLines });

  /** Submits the quick order page's checked lines, in the page's locale. */
  async function submitQuickOrderForm(form: URLSearchParams, context: CartRequest & ClientContext, locale: Locale) {
    return submitForm(addQuickOrder, form, context, { locale });
  }

  /** Submits the posted cart form, whichever of the two it is, in the page's locale. */
  async function submitCartForm(
    form: URLSearchParams,
    context: CartRequest & ClientContext,
    locale: Locale,
  ): Promise<CartFormOutcome> {
    const lines = bulkLinesFromForm(form);
    const outcome = lines
      ? await submitForm(addMany, form, context, { locale })
      : await submitForm(add, form, context, { locale });
    if (!outcome.ok)
      return { ok: false, error: outcome.error, myItems: lines !== null, noneChosen: lines?.length === 0 };
    return { ok: true, refused: 'refused' in outcome.result ? outcome.result.refused : [] };
  }

  return { submitCartForm, submitQuickOrderForm };
}
