// Saved addresses of a signed-in customer as the checkout uses them: list,
// resolve an address the shopper picked, and store one as the default shipping or billing address.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Address, SavedAddress } from '#lib/checkout/address.ts';
import { rows } from '../db/index.ts';

export type AddressKind = 'shipping' | 'billing';

const COLUMNS = sql`id, first_name AS "firstName", last_name AS "lastName", company, street, street_name AS "streetName",
  apartment, city, postal_code AS "postalCode", region, country, phone, email, vat_id AS "vatId", tax_id AS "taxId",
  is_billing AS "isBilling", is_shipping AS "isShipping", is_default_billing AS "isDefaultBilling",
  is_default_shipping AS "isDefaultShipping"`;

export async function savedAddresses(db: Db, customerId: string): Promise<SavedAddress[]> {
  return rows<SavedAddress>(db, sql`
    SELECT ${COLUMNS} FROM addresses WHERE customer_id = ${customerId}
    ORDER BY is_default_shipping DESC, is_default_billing DESC, created_at, id`);
}

export async function defaultAddress(db: Db, customerId: string, kind: AddressKind): Promise<SavedAddress | null> {
  const flag = kind === 'billing' ? sql`is_default_billing` : sql`is_default_shipping`;
  const [row] = await rows<SavedAddress>(db, sql`
    SELECT ${COLUMNS} FROM addresses WHERE customer_id = ${customerId} AND ${flag} ORDER BY created_at LIMIT 1`);
  return row ?? null;
}

/** A saved address as the cart stores it: the Address fields, blanks dropped, the id kept. */
export function fromSaved(saved: SavedAddress): Address {
  const entries = Object.entries({
    id: saved.id, firstName: saved.firstName, lastName: saved.lastName, company: saved.company, street: saved.street,
    streetName: saved.streetName, apartment: saved.apartment, city: saved.city, postalCode: saved.postalCode,
    region: saved.region, country: saved.country, phone: saved.phone, email: saved.email, vatId: saved.vatId, taxId: saved.taxId,
  }).filter(([, v]) => v !== null && v !== '');
  return Object.fromEntries(entries) as Address;
}

/** The address with `id` when it belongs to the customer, else null. */
export async function ownedAddress(db: Db, customerId: string, id: string): Promise<SavedAddress | null> {
  const [row] = await rows<SavedAddress>(db, sql`SELECT ${COLUMNS} FROM addresses WHERE id = ${id} AND customer_id = ${customerId}`);
  return row ?? null;
}

/**
 * Makes the address the customer's default of this kind: updates the saved row it came from, or
 * saves it as a new one; the previous default of the kind loses the flag. Returns the address id.
 */
export async function saveAsDefault(db: Db, customerId: string, address: Address, kind: AddressKind): Promise<string> {
  const isBilling = kind === 'billing';
  const values = sql`${address.firstName}, ${address.lastName}, ${address.company ?? null}, ${address.street},
    ${address.streetName ?? null}, ${address.apartment ?? null}, ${address.city}, ${address.postalCode},
    ${address.region ?? null}, ${address.country}, ${address.phone ?? null}, ${address.email ?? null},
    ${address.vatId ?? null}, ${address.taxId ?? null}`;
  return db.transaction(async (tx) => {
    await tx.execute(isBilling
      ? sql`UPDATE addresses SET is_default_billing = false WHERE customer_id = ${customerId}`
      : sql`UPDATE addresses SET is_default_shipping = false WHERE customer_id = ${customerId}`);
    const flags = isBilling
      ? sql`is_billing = true, is_default_billing = true`
      : sql`is_shipping = true, is_default_shipping = true`;
    if (address.id) {
      const [updated] = await rows<{ id: string }>(tx, sql`
        UPDATE addresses SET (first_name, last_name, company, street, street_name, apartment, city, postal_code,
          region, country, phone, email, vat_id, tax_id) = (${values}), ${flags}
        WHERE id = ${address.id} AND customer_id = ${customerId} RETURNING id`);
      if (updated) return updated.id;
    }
    const [inserted] = await rows<{ id: string }>(tx, sql`
      INSERT INTO addresses (customer_id, first_name, last_name, company, street, street_name, apartment, city,
        postal_code, region, country, phone, email, vat_id, tax_id,
        is_billing, is_shipping, is_default_billing, is_default_shipping)
      VALUES (${customerId}, ${values}, ${isBilling}, ${!isBilling}, ${isBilling}, ${!isBilling}) RETURNING id`);
    return inserted!.id;
  });
}
