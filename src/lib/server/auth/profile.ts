// The signed-in customer's profile: name, company and phone, read and changed only for the customer the
// session belongs to (the id comes from the session, never from the request).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import type { Profile, ProfileUpdate } from '#lib/profile/contract.ts';
import type { CustomerRow } from './customers.ts';

function toProfile(row: CustomerRow): Profile {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    phone: row.phone,
    email: row.email,
    customernum: row.customernum,
  };
}

export async function readProfile(db: Db, customerId: string): Promise<Profile | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  return row ? toProfile(row) : null;
}

/** Empty company and phone are stored as none; the answer is the row as stored. */
export async function updateProfile(
  db: Db,
  customerId: string,
  update: ProfileUpdate,
  now = new Date(),
): Promise<Profile | null> {
  const [row] = await db
    .update(customers)
    .set({
      firstName: update.firstName,
      lastName: update.lastName,
      company: update.company ?? null,
      phone: update.phone ?? null,
      updatedAt: now,
    })
    .where(eq(customers.id, customerId))
    .returning();
  return row ? toProfile(row) : null;
}
