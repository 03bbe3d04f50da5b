// Customer records as the auth flows need them, and their public face (the API's User).
import { eq, or, sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { int8, rows } from '../db/index.ts';
import { customers } from '../db/schema.ts';
import type { User } from '#lib/auth/contract.ts';
import { emailTaken } from './errors.ts';
import { isUniqueViolation, pgError } from '../db/errors.ts';
import { recordCustomerCreated } from '../webhooks/index.ts';

/** SQLSTATE of a statement sent after an error inside the same (sub)transaction. */
const IN_FAILED_TRANSACTION = '25P02';

export type CustomerRow = typeof customers.$inferSelect;

export function toUser(row: CustomerRow): User {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    customernum: row.customernum,
    currency: row.currency,
    excludeTax: row.excludeTax,
  };
}

/** Username is an email address (any case) or a customer number; already trimmed. */
export async function findCustomerByUsername(db: Db, username: string): Promise<CustomerRow | undefined> {
  if (username === '') return undefined;
  const rows = await db
    .select()
    .from(customers)
    .where(or(sql`lower(${customers.email}) = lower(${username})`, eq(customers.customernum, username)))
    .limit(2);
  // An email match wins should a customer number ever look like somebody's email.
  return rows.find((r) => r.email.toLowerCase() === username.toLowerCase()) ?? rows[0];
}

export async function setPasswordHash(db: Db, customerId: string, passwordHash: string): Promise<void> {
  await db.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, customerId));
}

export interface NewCustomer {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  locale: string;
  currency: string;
}

/** At most 15 digits plus one: well inside a double's exact integers. */
const NextNumberRow = z.object({ next: int8 });

/** The next free numeric customer number; demo numbers start at 10001. */
async function nextCustomernum(db: Db): Promise<string> {
  const [row] = await rows(
    db,
    NextNumberRow,
    sql`
    select coalesce(max(${customers.customernum}::bigint), 10000) + 1 as next
    from ${customers} where ${customers.customernum} ~ '^[0-9]{1,15}$'`,
  );
  return String(row?.next ?? 10001);
}

/**
 * Creates a customer with the next customer number. Two registrations at once may pick the same
 * number; the unique index refuses the second, which then tries the next one.
 */
async function createCustomer(db: Db, input: NewCustomer): Promise<CustomerRow> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email}`);
  if (existing) throw emailTaken();
  for (let attempt = 0; ; attempt++) {
    try {
      // The account and its customer.created event commit together, or neither does.
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(customers)
          .values({
            email,
            customernum: await nextCustomernum(tx),
            passwordHash: input.passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            locale: input.locale,
            currency: input.currency,
          })
          .returning();
        await recordCustomerCreated(tx, row!);
        return row!;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'customers_email_lower_idx')) throw emailTaken();
      if (!isUniqueViolation(error, 'customernum') || attempt >= 20) throw error;
    }
  }
}

/**
 * createCustomer inside a caller's transaction. Customer numbers are max + 1, so accounts created at
 * the same moment can pick the same one; createCustomer then retries, but inside a transaction the
 * refused INSERT has aborted it (the retry fails with 25P02). So each try gets a savepoint of its own,
 * and the next one sees the competitor's committed number. A taken email still fails (EMAIL_TAKEN).
 */
export async function createCustomerInTransaction(tx: Db, input: NewCustomer): Promise<CustomerRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx.transaction((sp) => createCustomer(sp, input));
    } catch (error) {
      const numberTaken = isUniqueViolation(error, 'customernum') || pgError(error)?.code === IN_FAILED_TRANSACTION;
      if (!numberTaken || attempt >= 20) throw error;
    }
  }
}

/** The customer with this email address (any case), if any. */
export async function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.trim().toLowerCase()}`);
  return row;
}
