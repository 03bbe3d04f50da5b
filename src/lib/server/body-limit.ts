// How large a request body may be, decided from its path before a byte of it is read. Every
// operation's input is far smaller than the general limit; an endpoint can set a lower one for itself
// (readText's maxBytes). Provider webhooks carry whole event objects and are signed: they get more.
import { MAX_MEDIUM_BYTES } from '../media/rules.ts';
import { MAX_BULK_BODY_BYTES, MAX_QUICK_ORDER_FILE_BYTES } from '../cart/rules.ts';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales.ts';
import {
  MAX_IMPORT_BODY_BYTES as MAX_ITEM_NUMBERS_IMPORT_BYTES,
  MAX_ITEM_NUMBERS_FILE_BYTES,
} from '../customer-items/rules.ts';
import { MAX_IMPORT_BODY_BYTES as MAX_LIST_IMPORT_BYTES, MAX_LIST_FILE_BYTES } from '../requisition-lists/rules.ts';

/** The largest request body any endpoint reads: 413 beyond it. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Signed provider and publish webhooks (a Stripe event with its metadata can pass 64 KB). */
export const MAX_WEBHOOK_BODY_BYTES = 512 * 1024;

/** Content writes of the workspace and the content API: a full menu or content page in five languages. */
const MAX_CONTENT_BODY_BYTES = 512 * 1024;

/**
 * A catalogue upload (POST /api/admin/imports), written to a file as it arrives. Larger catalogues
 * are imported on the server with `npm run import`, which reads any size from disk.
 */
export const MAX_IMPORT_BODY_BYTES = 256 * 1024 * 1024;
/** Stock and price deltas from an ERP: up to 10,000 items a call. */
export const MAX_DELTA_BODY_BYTES = 4 * 1024 * 1024;

/** The quick order page: an uploaded CSV or XLSX file, with the form's other fields around it. */
const MAX_QUICK_ORDER_BODY_BYTES = MAX_QUICK_ORDER_FILE_BYTES + 64 * 1024;

/** The "My item numbers" page: an uploaded CSV or XLSX file, with the form's other fields around it. */
const MAX_ITEM_NUMBERS_PAGE_BYTES = MAX_ITEM_NUMBERS_FILE_BYTES + 64 * 1024;

/** A requisition list's page: an uploaded CSV or XLSX file, with the form's other fields around it. */
const MAX_LIST_PAGE_BYTES = MAX_LIST_FILE_BYTES + 64 * 1024;

/** An ERP status report carrying an invoice or credit note PDF (at most 5 MB, base64 in JSON). */
export const MAX_ORDER_EVENT_BODY_BYTES = 8 * 1024 * 1024;

/**
 * A picture for the media library (src/lib/media/rules.ts, MAX_MEDIUM_BYTES), and a little room for
 * nothing: the upload's own reader answers a file one byte over with the media library's code.
 */
const MEDIA_UPLOAD_PATH = /^\/api\/admin\/media(?:\/replace)?$/;

const ORDER_EVENT_PATH = /^\/api\/admin\/orders\/[^/]+\/events$/;
const IMPORT_PATH = /^\/api\/admin\/imports$/;
const DELTA_PATH = /^\/api\/admin\/(?:stock|prices)$/;
const WEBHOOK_PATH = /^\/api\/(?:webhooks\/[a-z-]+|payments\/[a-z-]+\/webhook)$/;
const prefixed = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).join('|');
const QUICK_ORDER_PATH = new RegExp(`^/(?:(?:${prefixed})/)?quick-order$`);
const ITEM_NUMBERS_PAGE_PATH = new RegExp(`^/(?:(?:${prefixed})/)?my-account/item-numbers$`);
const ITEM_NUMBERS_IMPORT_PATH = /^\/api\/account\/item-numbers\/import$/;
const LIST_PAGE_PATH = new RegExp(`^/(?:(?:${prefixed})/)?my-account/lists/[^/]+$`);
const LIST_IMPORT_PATH = /^\/api\/account\/lists\/import$/;
const BULK_CART_PATH = /^\/api\/cart\/(?:add-many|resolve-lines)$/;
const CONTENT_PATH = /^\/api\/admin\/(?:draft|content\/|products\/|categories\/)/;

/**
 * The largest body any path may send: the app's own cap (the node adapter's bodySizeLimit), which backs
 * up bodyLimitFor for anyone mounting the handler without the front. Lower, it would cut off an upload
 * its path allows (a catalogue, a library picture, an ERP's document) halfway.
 * @public Read by astro.config.mjs, which the unused-export check does not follow.
 */
export const LARGEST_BODY_BYTES = Math.max(
  MAX_BODY_BYTES,
  MAX_WEBHOOK_BODY_BYTES,
  MAX_CONTENT_BODY_BYTES,
  MAX_IMPORT_BODY_BYTES,
  MAX_DELTA_BODY_BYTES,
  MAX_ORDER_EVENT_BODY_BYTES,
  MAX_MEDIUM_BYTES,
  MAX_QUICK_ORDER_BODY_BYTES,
  MAX_BULK_BODY_BYTES,
  MAX_ITEM_NUMBERS_PAGE_BYTES,
  MAX_ITEM_NUMBERS_IMPORT_BYTES,
  MAX_LIST_PAGE_BYTES,
  MAX_LIST_IMPORT_BYTES,
);

/** The most bytes a request to this path may send. */
export function bodyLimitFor(pathname: string): number {
  if (WEBHOOK_PATH.test(pathname)) return MAX_WEBHOOK_BODY_BYTES;
  if (IMPORT_PATH.test(pathname)) return MAX_IMPORT_BODY_BYTES;
  if (DELTA_PATH.test(pathname)) return MAX_DELTA_BODY_BYTES;
  if (ORDER_EVENT_PATH.test(pathname)) return MAX_ORDER_EVENT_BODY_BYTES;
  if (MEDIA_UPLOAD_PATH.test(pathname)) return MAX_MEDIUM_BYTES;
  if (QUICK_ORDER_PATH.test(pathname)) return MAX_QUICK_ORDER_BODY_BYTES;
  if (BULK_CART_PATH.test(pathname)) return MAX_BULK_BODY_BYTES;
  if (ITEM_NUMBERS_PAGE_PATH.test(pathname)) return MAX_ITEM_NUMBERS_PAGE_BYTES;
  if (ITEM_NUMBERS_IMPORT_PATH.test(pathname)) return MAX_ITEM_NUMBERS_IMPORT_BYTES;
  if (LIST_PAGE_PATH.test(pathname)) return MAX_LIST_PAGE_BYTES;
  if (LIST_IMPORT_PATH.test(pathname)) return MAX_LIST_IMPORT_BYTES;
  return CONTENT_PATH.test(pathname) ? MAX_CONTENT_BODY_BYTES : MAX_BODY_BYTES;
}
