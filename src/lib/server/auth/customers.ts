// Customer records (companies) and their users as the auth flows need them, and their public face (the
// API's User).
import { eq, sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { int8, rows } from '../db/index.ts';
import { customerUsers, customers } from '../db/schema.ts';
import { isRole, type Role } from '#lib/account/roles.ts';
import type { User } from '#lib/auth/contract.ts';
import { emailTaken } from './errors.ts';
import { isUniqueViolation, pgError } from '../db/errors.ts';
import { recordCustomerCreated } from '../webhooks/index.ts';

/** SQLSTATE of a statement sent after an error inside the same (sub)transaction. */
const IN_FAILED_TRANSACTION = '25P02';

export type CustomerRow = typeof customers.$inferSelect;
export type UserRow = Omit<typeof customerUsers.$inferSelect, 'role'> & { role: Role };

/** A company user and their company: who signs in, and whose prices, addresses and orders they use. */
export interface Account {
  user: UserRow;
  customer: CustomerRow;
}

/** The API's User: the company's data, the signed-in user's e-mail and role. */
export function toUser({ user, customer }: Account): User {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: user.email,
    customernum: customer.customernum,
    currency: customer.currency,
    excludeTax: customer.excludeTax,
    role: user.role,
  };
}

/** The role column holds only known roles (a CHECK constraint); a row says so to the type checker here. */
export function userRow(row: typeof customerUsers.$inferSelect): UserRow {
  if (!isRole(row.role)) throw new Error(`customer_users ${row.id} has an unknown role`);
  return { ...row, role: row.role };
}

/** The accounts matching a condition on the user or the company, at most `limit`. */
async function accounts(db: Db, where: ReturnType<typeof sql>, limit: number): Promise<Account[]> {
  const rows = await db
    .select({ user: customerUsers, customer: customers })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .where(where)
    .limit(limit);
  return rows.map((r) => ({ user: userRow(r.user), customer: r.customer }));
}

/**
 * Username is a user's email address (any case) or a customer number, which names the company's primary
 * user (the one with the customer's id); already trimmed.
 */
export async function findAccountByUsername(db: Db, username: string): Promise<Account | undefined> {
  if (username === '') return undefined;
  const found = await accounts(
    db,
    sql`(lower(${customerUsers.email}) = lower(${username})
      OR (${customers.customernum} = ${username} AND ${customerUsers.id} = ${customers.id}))`,
    2,
  );
  // An email match wins should a customer number ever look like somebody's email.
  return found.find((a) => a.user.email.toLowerCase() === username.toLowerCase()) ?? found[0];
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(customerUsers).set({ passwordHash, updatedAt: new Date() }).where(eq(customerUsers.id, userId));
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
  if (await emailInUse(db, email)) throw emailTaken();
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
      if (
        isUniqueViolation(error, 'customers_email_lower_idx') ||
        isUniqueViolation(error, 'customer_users_email_lower_idx')
      )
        throw emailTaken();
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

const TakenRow = z.object({ taken: z.boolean() });

/**
 * Whether an address signs somebody in or is a company's contact address (any case): one address is one
 * person, whichever company they belong to.
 */
async function emailInUse(db: Db, email: string): Promise<boolean> {
  const normal = email.trim().toLowerCase();
  const [row] = await rows(
    db,
    TakenRow,
    sql`
    SELECT EXISTS (SELECT 1 FROM ${customerUsers} WHERE lower(${customerUsers.email}) = ${normal})
        OR EXISTS (SELECT 1 FROM ${customers} WHERE lower(${customers.email}) = ${normal}) AS taken`,
  );
  return row?.taken === true;
}

/** The user with this email address (any case) and their company, if any. */
export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  return (await accounts(db, sql`lower(${customerUsers.email}) = ${email.trim().toLowerCase()}`, 1))[0];
}
