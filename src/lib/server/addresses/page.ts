// The account's address pages (address-details, shipping-details, billing-details) on the server: the
// customer's addresses and what the shop's settings allow, and the pages' own plain-form POSTs, which
// work without script. A POST runs the same operation as the JSON endpoints (book.ts); success
// redirects 303 back to the page with what was done (post/redirect/get); a form the rules refuse is
// rendered again with 422, what was typed kept and each message beside its field.
import type { SavedAddress } from '#lib/checkout/address.ts';
import {
  ADDRESS_FIELDS, addressValues, addressErrorsFromDetails, validateAddress, type AddressErrors, type AddressValues,
} from '#lib/checkout/form.ts';
import { ADDRESS_KINDS, type AddressKind } from '#lib/addresses/contract.ts';
import { addressLock, defaultLock, MAX_SAVED_ADDRESSES, type AddressLock } from '#lib/addresses/rules.ts';
import type { AccountContext, AccountLoad, AccountPageName } from '../account/index.ts';
import { getDb, isUuid } from '../db/index.ts';
import { env } from '../env.ts';
import { ApiError, readText } from '../http.ts';
import { deleteAddress, saveAddress, setDefaultAddress, type BookFeatures } from './book.ts';
import { savedAddresses } from './queries.ts';

/** An address form holds fifteen short fields; anything near this size is not one. */
const MAX_FORM_BYTES = 16 * 1024;

const ADDRESS_DONE = ['saved', 'deleted', 'default'] as const;
type AddressDone = (typeof ADDRESS_DONE)[number];

export interface AddressForm {
  /** The address edited, or null for a new one. */
  id: string | null;
  values: AddressValues;
  errors: AddressErrors;
  defaultShipping: boolean;
  defaultBilling: boolean;
}

export interface AddressEntry {
  address: SavedAddress;
  /** Why it may not be edited or deleted, if so. */
  lock: AddressLock | null;
}

export type AddressPageView =
  | { kind: 'see-other'; to: string }
  | {
    kind: 'view';
    /** 200, or the status of a refused POST (422 invalid fields, 403 a setting forbids it, 409 the book is full, 413/415 not our form). */
    status: 200 | 403 | 409 | 413 | 415 | 422;
    entries: AddressEntry[];
    features: BookFeatures;
    /** Why choosing a default of each kind is not offered, if it is not. */
    defaultLocks: Record<AddressKind, AddressLock | null>;
    /** The add or edit form (address-details only). */
    form: AddressForm | null;
    /** The address whose deletion waits for a confirmation (?delete=). */
    confirmDelete: SavedAddress | null;
    done: AddressDone | null;
    /** The refusal of the last POST, for the message above the page's content. */
    refused: AddressLock | 'form' | 'book-full' | null;
    /** The book holds MAX_SAVED_ADDRESSES: no form for a new address, a note instead. */
    full: boolean;
  };

const emptyForm = (defaultCountry: string): AddressForm => ({
  id: null, values: addressValues(null, defaultCountry), errors: {}, defaultShipping: false, defaultBilling: false,
});

const refusalOf = (error: ApiError): AddressLock => (error.code === 'BILLING_MANAGEMENT_DISABLED' ? 'billing-managed' : 'default-locked');

/** The form's body as text fields; a request that is not a plain form is refused. */
async function formBody(request: Request): Promise<URLSearchParams> {
  if (!(request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Expected a form', 415);
  }
  return new URLSearchParams(await readText(request, MAX_FORM_BYTES));
}

/**
 * The loader of one of the three pages. `page` is where a POST comes back to; address-details also
 * holds the add and edit form (?edit={id}) and the delete confirmation (?delete={id}).
 */
export function addressPageView(page: Extract<AccountPageName, 'address-details' | 'shipping-details' | 'billing-details'>) {
  return async (ctx: AccountContext): Promise<AccountLoad<AddressPageView>> => {
    const { request, shell, shopper } = ctx;
    const customerId = shopper.customerId;
    const features: BookFeatures = shell.features;
    const db = await getDb();
    const defaultCountry = env().DEFAULT_COUNTRY;
    const here = `/my-account/${page}`;
    let form: AddressForm | null = page === 'address-details' ? emptyForm(defaultCountry) : null;
    let refused: AddressLock | 'form' | 'book-full' | null = null;
    let status: 200 | 403 | 409 | 413 | 415 | 422 = 200;

    const body = request.request.method === 'POST'
      ? await formBody(request.request).catch((error: unknown) => {
        if (error instanceof ApiError) return error;
        throw error;
      })
      : null;
    if (body instanceof ApiError) {
      // Not a form this page sent (another content type, or far too large): nothing is done.
      status = body.status === 413 ? 413 : 415;
    } else if (body) {
      const action = body.get('action');
      const id = body.get('id') || null;
      if (id !== null && !isUuid(id)) return { notFound: true };
      try {
        if (action === 'delete' && id) {
          await deleteAddress(db, customerId, id, features);
          return { kind: 'see-other', to: `${here}?done=deleted` };
        }
        const kind = body.get('kind');
        if (action === 'default' && id && (ADDRESS_KINDS as readonly (string | null)[]).includes(kind)) {
          await setDefaultAddress(db, customerId, id, kind as AddressKind, features);
          return { kind: 'see-other', to: `${here}?done=default` };
        }
        if (action !== 'save' || page !== 'address-details') return { notFound: true };
        const values = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, body.get(f) ?? ''])) as AddressValues;
        form = { id, values, errors: {}, defaultShipping: body.get('defaultShipping') === 'on', defaultBilling: body.get('defaultBilling') === 'on' };
        const checked = validateAddress(values, { companyRequired: features.companyRequired, emailRequired: false }, id ?? undefined);
        if (!checked.ok) {
          form.errors = checked.errors;
          refused = 'form';
          status = 422;
        } else {
          await saveAddress(db, customerId, {
            address: checked.address,
            ...(form.defaultShipping ? { defaultShipping: true } : {}),
            ...(form.defaultBilling ? { defaultBilling: true } : {}),
          }, features);
          return { kind: 'see-other', to: `${here}?done=saved` };
        }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 404) return { notFound: true };
        if (error.code === 'VALIDATION_FAILED' && form) {
          form.errors = addressErrorsFromDetails(error.details, 'address');
          refused = 'form';
          status = 422;
        } else if (error.status === 403) {
          refused = refusalOf(error);
          status = 403;
        } else if (error.code === 'ADDRESS_BOOK_FULL') {
          refused = 'book-full';
          status = 409;
        } else {
          throw error;
        }
      }
    }

    const addresses = await savedAddresses(db, customerId);
    const params = request.url.searchParams;
    const find = (param: string): SavedAddress | null | 'missing' => {
      const id = params.get(param);
      if (id === null) return null;
      return addresses.find((a) => a.id === id) ?? 'missing';
    };
    let confirmDelete: SavedAddress | null = null;
    if (page === 'address-details' && request.request.method !== 'POST') {
      const editing = find('edit');
      const deleting = find('delete');
      // Another customer's id is the same 404 as one that never existed.
      if (editing === 'missing' || deleting === 'missing') return { notFound: true };
      if (editing) {
        const lock = addressLock(editing, features);
        if (lock) refused = lock;
        else form = { id: editing.id, values: addressValues(editing, defaultCountry), errors: {}, defaultShipping: editing.isDefaultShipping, defaultBilling: editing.isDefaultBilling };
      }
      if (deleting) {
        const lock = addressLock(deleting, features);
        if (lock) refused = lock;
        else confirmDelete = deleting;
      }
    }
    const done = params.get('done');
    const full = addresses.length >= MAX_SAVED_ADDRESSES;
    // A full book offers no form for a new address (what was typed into a refused one is kept).
    if (full && form && form.id === null && refused !== 'book-full') form = null;
    return {
      kind: 'view', status, features, form, confirmDelete, refused, full,
      entries: addresses.map((address) => ({ address, lock: addressLock(address, features) })),
      defaultLocks: { shipping: defaultLock('shipping', features), billing: defaultLock('billing', features) },
      done: request.request.method === 'GET' && (ADDRESS_DONE as readonly (string | null)[]).includes(done) ? done as AddressDone : null,
    };
  };
}
