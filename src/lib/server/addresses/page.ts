// The account's address pages (address-details, shipping-details, billing-details) on the server: the
// customer's addresses and what the shop's settings allow, and the pages' own plain-form POSTs, which
// work without script. A POST is the JSON endpoints' own state change (handlers.ts) with its request
// read from the form (submitForm); success redirects 303 back to the page with what was done
// (post/redirect/get); a form the contract or the rules refuse is rendered again with 422, what was
// typed kept and each message beside its field.
import type { SavedAddress } from '#lib/checkout/address.ts';
import {
  ADDRESS_FIELDS,
  addressValues,
  addressErrorsFromDetails,
  type AddressErrors,
  type AddressValues,
} from '#lib/checkout/form.ts';
import type { AddressKind } from '#lib/addresses/contract.ts';
import { addressLock, defaultLock, MAX_SAVED_ADDRESSES, type AddressLock } from '#lib/addresses/rules.ts';
import type { AccountContext, AccountLoad, AccountPageName } from '../account/index.ts';
import type { ClientContext } from '../client-ip.ts';
import { getDb } from '../db/index.ts';
import { env } from '../env.ts';
import { ApiError } from '../http.ts';
import { formAction, formField, postedForm, submitForm } from '../http-form.ts';
import type { BookFeatures } from './book.ts';
import type { AddressChanges } from './handlers.ts';
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
      refused: AddressLock | 'form' | 'book-full' | 'permission' | null;
      /** The book holds MAX_SAVED_ADDRESSES: no form for a new address, a note instead. */
      full: boolean;
    };

const emptyForm = (defaultCountry: string): AddressForm => ({
  id: null,
  values: addressValues(null, defaultCountry),
  errors: {},
  defaultShipping: false,
  defaultBilling: false,
});

/** Why a 403 refused the change: a setting of the shop, or a company role that may not manage addresses. */
const refusalOf = (error: ApiError): AddressLock | 'permission' =>
  error.code === 'PERMISSION_DENIED'
    ? 'permission'
    : error.code === 'BILLING_MANAGEMENT_DISABLED'
      ? 'billing-managed'
      : 'default-locked';

/** The address form's fields as the save request: the address (with its id when editing) and the default boxes. */
const addressFields = {
  address: { id: formField.optional('id'), ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, formField.text(f)])) },
  defaultShipping: formField.checked('defaultShipping'),
  defaultBilling: formField.checked('defaultBilling'),
};

/**
 * A refusal of the posted id or kind rather than of the address typed: an id that is no uuid (or a kind
 * there is not) is the same 404 as another customer's address, so an id is never confirmed.
 */
function namesNoAddress(error: ApiError, saving: boolean): boolean {
  if (error.code !== 'VALIDATION_FAILED') return false;
  if (!saving) return true;
  return (
    Array.isArray(error.details) && (error.details as { path?: unknown }[]).some((issue) => issue.path === 'address.id')
  );
}

/** The pages' forms by their `action`, and what a success says in ?done=. */
function addressForms(changes: AddressChanges) {
  const save = formAction(changes.save, addressFields);
  const remove = formAction(changes.delete, { id: formField.text('id') });
  const setDefault = formAction(changes.setDefault, { id: formField.text('id'), kind: formField.text('kind') });
  type Request = AccountContext['request'] & ClientContext;
  return {
    save: { submit: (form: URLSearchParams, request: Request) => submitForm(save, form, request), done: 'saved' },
    delete: { submit: (form: URLSearchParams, request: Request) => submitForm(remove, form, request), done: 'deleted' },
    default: {
      submit: (form: URLSearchParams, request: Request) => submitForm(setDefault, form, request),
      done: 'default',
    },
  } as const;
}

/**
 * The loader of one of the three pages. `page` is where a POST comes back to; address-details also
 * holds the add and edit form (?edit={id}) and the delete confirmation (?delete={id}).
 */
export const addressPages = (changes: AddressChanges) => {
  const forms = addressForms(changes);
  return (page: Extract<AccountPageName, 'address-details' | 'shipping-details' | 'billing-details'>) =>
    async (ctx: AccountContext): Promise<AccountLoad<AddressPageView>> => {
      const { request, shell, shopper } = ctx;
      const customerId = shopper.customerId;
      const features: BookFeatures = shell.features;
      const db = await getDb();
      const defaultCountry = env().DEFAULT_COUNTRY;
      const here = `/my-account/${page}`;
      let form: AddressForm | null = page === 'address-details' ? emptyForm(defaultCountry) : null;
      let refused: AddressLock | 'form' | 'book-full' | 'permission' | null = null;
      let status: 200 | 403 | 409 | 413 | 415 | 422 = 200;

      const body = request.request.method === 'POST' ? await postedForm(request.request, MAX_FORM_BYTES) : null;
      if (body instanceof ApiError) {
        // Not a form this page sent (another content type, or far too large): nothing is done.
        status = body.status === 413 ? 413 : 415;
      } else if (body) {
        const name = body.get('action');
        // Only address-details holds the add and edit form.
        const posted =
          name === 'delete' || name === 'default' || (name === 'save' && page === 'address-details')
            ? forms[name]
            : null;
        if (!posted) return { notFound: true };
        if (name === 'save') {
          // What was typed, to show again if it is refused.
          const values = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, body.get(f) ?? ''])) as AddressValues;
          form = {
            id: body.get('id') || null,
            values,
            errors: {},
            defaultShipping: body.get('defaultShipping') === 'on',
            defaultBilling: body.get('defaultBilling') === 'on',
          };
        }
        const outcome = await posted.submit(body, request);
        if (outcome.ok) return { kind: 'see-other', to: `${here}?done=${posted.done}` };
        const { error } = outcome;
        if (error.status === 404 || namesNoAddress(error, name === 'save')) return { notFound: true };
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
          else
            form = {
              id: editing.id,
              values: addressValues(editing, defaultCountry),
              errors: {},
              defaultShipping: editing.isDefaultShipping,
              defaultBilling: editing.isDefaultBilling,
            };
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
        kind: 'view',
        status,
        features,
        form,
        confirmDelete,
        refused,
        full,
        entries: addresses.map((address) => ({ address, lock: addressLock(address, features) })),
        defaultLocks: { shipping: defaultLock('shipping', features), billing: defaultLock('billing', features) },
        done:
          request.request.method === 'GET' && (ADDRESS_DONE as readonly (string | null)[]).includes(done)
            ? (done as AddressDone)
            : null,
      };
    };
};
