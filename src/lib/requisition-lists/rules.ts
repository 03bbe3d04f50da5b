// The rules of a buyer's requisition lists (issue 37, item 2): how many lists a user keeps, how many
// lines a list holds, how long a name and a note may be, and how large an import may be. A list fits
// the cart whole: its line limit is the cart's (MAX_CART_LINES) and its quantities are the cart's.
import { MAX_CART_LINES } from '../cart/rules.ts';

export { MAX_QUANTITY } from '../cart/rules.ts';

/** Lists one user owns; more are refused (REQUISITION_LIST_LIMIT). */
export const MAX_LISTS_PER_USER = 100;
/** Lines one list holds, so "add all to cart" fits a cart; more are refused (REQUISITION_LIST_FULL). */
export const MAX_LIST_LINES = MAX_CART_LINES;
/** A list's name: one line. */
export const MAX_LIST_NAME_LENGTH = 100;
/** A line's note: free text for the buyer (where it goes, who asked for it). */
export const MAX_NOTE_LENGTH = 500;
/** The longest reference to a product (its item number, sku or the company's own number) a line names. */
export const MAX_ITEM_REF_LENGTH = 100;
/** An uploaded CSV or XLSX of MAX_LIST_LINES rows with notes stays far below this. */
export const MAX_LIST_FILE_BYTES = 2 * 1024 * 1024;
/** One JSON import: MAX_LIST_LINES rows of at most a note and two short cells each. */
export const MAX_IMPORT_BODY_BYTES = MAX_LIST_LINES * 2 * 1024;

/** Who besides the owner sees a list: nobody, the company to view and order, or the company to change its lines too. */
export const SHARINGS = ['private', 'read', 'edit'] as const;
export type Sharing = (typeof SHARINGS)[number];
