// A customer's saved addresses: what the checkout reads and stores (list, the default of a kind, an
// owned address, save as default) and the address book's own writes (add or update, delete, make
// default). Every query is scoped by the customer id, so another customer's address id simply finds
// nothing. Writes lock the customer's row first: two writes of one customer's book (two tabs) run one
// after the other, so there is never more than one default of a kind, nor more than MAX_SAVED_ADDRESSES
// addresses, however the address is added (the address book, or the checkout's "save as default").
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { savedAddressSchema, type Address, type SavedAddress } from '#lib/checkout/address.ts';
import { rows, type Executor } from '../db/index.ts';
import { MAX_SAVED_ADDRESSES } from '#lib/addresses/rules.ts';
import { addressBookFull } from './errors.ts';

export type AddressKind = 'shipping' | 'billing';

const IdRow = z.object({ id: z.string() });
const CountRow = z.object({ n: z.number() });

const COLUMNS = sql`id, first_name AS "firstName", last_name AS "lastName", company, street, street_name AS "streetName",
  apartment, city, postal_code AS "postalCode", region, country, phone, email, vat_id AS "vatId", tax_id AS "taxId",
  is_billing AS "isBilling", is_shipping AS "isShipping", is_default_billing AS "isDefaultBilling",
  is_default_shipping AS "isDefaultShipping"`;

export async function savedAddresses(db: Executor, customerId: string): Promise<SavedAddress[]> {
  return rows(
    db,
    savedAddressSchema,
    sql`
    SELECT ${COLUMNS} FROM addresses WHERE customer_id = ${customerId}
    ORDER BY is_default_shipping DESC, is_default_billing DESC, created_at, id`,
  );
}

export async function defaultAddress(
  db: Executor,
  customerId: string,
  kind: AddressKind,
): Promise<SavedAddress | null> {
  const flag = kind === 'billing' ? sql`is_default_billing` : sql`is_default_shipping`;
  const [row] = await rows(
    db,
    savedAddressSchema,
    sql`
    SELECT ${COLUMNS} FROM addresses WHERE customer_id = ${customerId} AND ${flag} ORDER BY created_at LIMIT 1`,
  );
  return row ?? null;
}

/** A saved address as the cart stores it: the Address fields, blanks dropped, the id kept. */
export function fromSaved(saved: SavedAddress): Address {
  const entries = Object.entries({
    id: saved.id,
    firstName: saved.firstName,
    lastName: saved.lastName,
    company: saved.company,
    street: saved.street,
    streetName: saved.streetName,
    apartment: saved.apartment,
    city: saved.city,
    postalCode: saved.postalCode,
    region: saved.region,
    country: saved.country,
    phone: saved.phone,
    email: saved.email,
    vatId: saved.vatId,
    taxId: saved.taxId,
  }).filter(([, v]) => v !== null && v !== '');
  return Object.fromEntries(entries) as Address;
}

/** The address with `id` when it belongs to the customer, else null. */
export async function ownedAddress(db: Executor, customerId: string, id: string): Promise<SavedAddress | null> {
  const [row] = await rows(
    db,
    savedAddressSchema,
    sql`SELECT ${COLUMNS} FROM addresses WHERE id = ${id} AND customer_id = ${customerId}`,
  );
  return row ?? null;
}

const addressValues = (address: Address) => sql`${address.firstName}, ${address.lastName}, ${address.company ?? null},
  ${address.street}, ${address.streetName ?? null}, ${address.apartment ?? null}, ${address.city}, ${address.postalCode},
  ${address.region ?? null}, ${address.country}, ${address.phone ?? null}, ${address.email ?? null},
  ${address.vatId ?? null}, ${address.taxId ?? null}`;

/**
 * Makes the address the customer's default of this kind: updates the saved row it came from, or
 * saves it as a new one; the previous default of the kind loses the flag. Returns the address id.
 */
export async function saveAsDefault(db: Db, customerId: string, address: Address, kind: AddressKind): Promise<string> {
  const isBilling = kind === 'billing';
  const values = addressValues(address);
  return withAddressBook(db, customerId, async (tx) => {
    await tx.execute(
      isBilling
        ? sql`UPDATE addresses SET is_default_billing = false WHERE customer_id = ${customerId}`
        : sql`UPDATE addresses SET is_default_shipping = false WHERE customer_id = ${customerId}`,
    );
    const flags = isBilling
      ? sql`is_billing = true, is_default_billing = true`
      : sql`is_shipping = true, is_default_shipping = true`;
    if (address.id) {
      const [updated] = await rows(
        tx,
        IdRow,
        sql`
        UPDATE addresses SET (first_name, last_name, company, street, street_name, apartment, city, postal_code,
          region, country, phone, email, vat_id, tax_id) = (${values}), ${flags}
        WHERE id = ${address.id} AND customer_id = ${customerId} RETURNING id`,
      );
      if (updated) return updated.id;
    }
    await assertRoom(tx, customerId);
    const [inserted] = await rows(
      tx,
      IdRow,
      sql`
      INSERT INTO addresses (customer_id, first_name, last_name, company, street, street_name, apartment, city,
        postal_code, region, country, phone, email, vat_id, tax_id,
        is_billing, is_shipping, is_default_billing, is_default_shipping)
      VALUES (${customerId}, ${values}, ${isBilling}, ${!isBilling}, ${isBilling}, ${!isBilling}) RETURNING id`,
    );
    return inserted!.id;
  });
}

// ------------------------------------------------------------ address book writes

/** One transaction of one customer's address book, after every other one of theirs. */
export function withAddressBook<T>(db: Db, customerId: string, run: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM customers WHERE id = ${customerId} FOR UPDATE`);
    return run(tx);
  });
}

/** Refuses another address once the book is full; the caller holds the book (withAddressBook). */
async function assertRoom(tx: Executor, customerId: string): Promise<void> {
  const [book] = await rows(
    tx,
    CountRow,
    sql`SELECT count(*)::int AS n FROM addresses WHERE customer_id = ${customerId}`,
  );
  if (book!.n >= MAX_SAVED_ADDRESSES) throw addressBookFull();
}

/** Inserts a new address (the kinds it may be used for given) and answers its id; 409 when the book is full. */
export async function insertAddress(
  tx: Executor,
  customerId: string,
  address: Address,
  uses: { shipping: boolean; billing: boolean },
): Promise<string> {
  await assertRoom(tx, customerId);
  const [row] = await rows(
    tx,
    IdRow,
    sql`
    INSERT INTO addresses (customer_id, first_name, last_name, company, street, street_name, apartment, city,
      postal_code, region, country, phone, email, vat_id, tax_id, is_shipping, is_billing)
    VALUES (${customerId}, ${addressValues(address)}, ${uses.shipping}, ${uses.billing}) RETURNING id`,
  );
  return row!.id;
}

export async function updateAddress(tx: Executor, customerId: string, id: string, address: Address): Promise<void> {
  await tx.execute(sql`
    UPDATE addresses SET (first_name, last_name, company, street, street_name, apartment, city, postal_code,
      region, country, phone, email, vat_id, tax_id) = (${addressValues(address)})
    WHERE id = ${id} AND customer_id = ${customerId}`);
}

/** The address becomes the only default of its kind (and usable for that kind). */
export async function markDefault(tx: Executor, customerId: string, id: string, kind: AddressKind): Promise<void> {
  await tx.execute(
    kind === 'billing'
      ? sql`UPDATE addresses SET is_default_billing = (id = ${id}), is_billing = is_billing OR id = ${id} WHERE customer_id = ${customerId}`
      : sql`UPDATE addresses SET is_default_shipping = (id = ${id}), is_shipping = is_shipping OR id = ${id} WHERE customer_id = ${customerId}`,
  );
}

/**
 * Deletes the address. Orders keep their own copy of the addresses they were placed with (orders.cart_info),
 * so they are untouched; a cart still holding it (the checkout in progress) keeps the address as typed
 * but forgets the saved id, so the checkout does not later refer to an address that is gone.
 */
export async function removeAddress(tx: Executor, customerId: string, id: string): Promise<void> {
  await tx.execute(sql`DELETE FROM addresses WHERE id = ${id} AND customer_id = ${customerId}`);
  await tx.execute(sql`
    UPDATE carts SET
      shipping_address = CASE WHEN shipping_address->>'id' = ${id} THEN shipping_address - 'id' ELSE shipping_address END,
      billing_address = CASE WHEN billing_address->>'id' = ${id} THEN billing_address - 'id' ELSE billing_address END,
      version = version + 1, updated_at = now()
    WHERE customer_id = ${customerId} AND status = 'active'
      AND (shipping_address->>'id' = ${id} OR billing_address->>'id' = ${id})`);
}
