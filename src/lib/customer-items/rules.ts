// The rules of a company's own item numbers (issue 37): how long a number may be, how many rows one
// import takes, how many numbers a page of the list shows, and the upload's size.

/** The longest own number: an ERP's material number is far shorter; the column is text. */
export const MAX_CUSTOMER_NUMBER_LENGTH = 64;
/** The longest reference to the shop's product (its item number or sku) a row may hold. */
export const MAX_ITEM_REF_LENGTH = 100;
/** The most rows one import writes; a longer file is split by the company. */
export const MAX_IMPORT_ROWS = 5000;
/** Numbers per page of the list. */
export const ITEM_NUMBERS_PAGE_SIZE = 50;
/** An uploaded CSV or XLSX of MAX_IMPORT_ROWS rows stays far below this. */
export const MAX_ITEM_NUMBERS_FILE_BYTES = 2 * 1024 * 1024;
/** One JSON import: MAX_IMPORT_ROWS rows of at most a few hundred bytes each. */
export const MAX_IMPORT_BODY_BYTES = MAX_IMPORT_ROWS * 400;
