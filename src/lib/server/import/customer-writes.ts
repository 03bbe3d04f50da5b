// A customer from the merchant's ERP becomes a customer account, matched on its customer number.
// Nothing is written when the account already is as the record says (the same file twice changes
// nothing); the addresses are replaced only when they differ from the ones stored. The password is
// never the import's: a new account has none until its owner sets one, an existing one keeps its own.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { addresses, customers } from '../db/schema.ts';
import { ADDRESS_FIELDS, type AddressField } from '#lib/checkout/form.ts';
import type { ImportCustomer } from '#lib/import/record-contract.ts';
import type { ImportContext } from './context.ts';
import { RecordRefused, type Outcome } from './report.ts';
import { recordCustomerCreated } from '../webhooks/index.ts';

type CustomerRow = typeof customers.$inferSelect;
type ImportAddress = NonNullable<ImportCustomer['addresses']>[number];

/** The columns an import sets, in the form the table stores them. */
const CUSTOMER_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'company',
  'phone',
  'locale',
  'currency',
  'excludeTax',
  'priceListId',
  'maxOrderTotalCents',
  'maxOpenOrders',
  'creditLimitCents',
] as const;
type CustomerFields = Pick<CustomerRow, (typeof CUSTOMER_FIELDS)[number]>;

/** The address columns an import sets (the address form's fields and the roles); compared on these. */
const ADDRESS_COLUMNS = [
  ...ADDRESS_FIELDS,
  'isBilling',
  'isShipping',
  'isDefaultBilling',
  'isDefaultShipping',
] as const;
type AddressFields = Pick<typeof addresses.$inferSelect, (typeof ADDRESS_COLUMNS)[number]>;

async function priceListOf(tx: Db, record: ImportCustomer, ctx: ImportContext): Promise<number | null> {
  if (record.priceList === undefined) return null;
  const id = await ctx.knownPriceList(tx, record.priceList);
  if (id === null)
    throw new RecordRefused(
      'priceList',
      `There is no price list ${record.priceList}: import its prices first, or correct the code.`,
    );
  return id;
}

/** Refuses an e-mail address another customer number has: it is a login name, so it is unique. */
async function assertEmailFree(tx: Db, email: string, customernum: string): Promise<void> {
  const [holder] = await tx
    .select({ customernum: customers.customernum })
    .from(customers)
    .where(and(eq(sql`lower(${customers.email})`, email), ne(customers.customernum, customernum)))
    .limit(1);
  if (holder)
    throw new RecordRefused('email', `The e-mail address ${email} belongs to customer ${holder.customernum}.`);
}

/**
 * The addresses as rows: a default flag makes it an address of that kind too, and without a default
 * of a kind the first address of that kind is it, so checkout always finds one to propose.
 */
function addressRows(given: readonly ImportAddress[]): AddressFields[] {
  const defaultOf = (flag: 'defaultBilling' | 'defaultShipping', kind: 'billing' | 'shipping') => {
    const chosen = given.findIndex((a) => a[flag]);
    return chosen !== -1 ? chosen : given.findIndex((a) => a[kind]);
  };
  const billing = defaultOf('defaultBilling', 'billing');
  const shipping = defaultOf('defaultShipping', 'shipping');
  return given.map((a, i) => ({
    // A field the file leaves empty is stored as NULL, as the address form stores it.
    ...(Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, a[field] ?? null])) as Pick<
      AddressFields,
      AddressField
    >),
    isBilling: a.billing || a.defaultBilling,
    isShipping: a.shipping || a.defaultShipping,
    isDefaultBilling: i === billing,
    isDefaultShipping: i === shipping,
  }));
}

/** An address as a comparable key; the order of a customer's addresses does not matter. */
const addressKey = (row: AddressFields) => JSON.stringify(ADDRESS_COLUMNS.map((column) => row[column]));

/** Replaces the customer's addresses when they differ from the wanted ones; whether it did. */
async function replaceAddresses(tx: Db, customerId: string, wanted: AddressFields[], known: boolean) {
  if (known) {
    const stored = await tx.select().from(addresses).where(eq(addresses.customerId, customerId));
    const keys = (rows: AddressFields[]) => rows.map(addressKey).sort().join('\n');
    if (keys(stored) === keys(wanted)) return false;
    await tx.delete(addresses).where(eq(addresses.customerId, customerId));
  }
  if (wanted.length > 0) await tx.insert(addresses).values(wanted.map((row) => ({ ...row, customerId })));
  return known || wanted.length > 0;
}

export async function applyCustomer(
  tx: Db,
  record: ImportCustomer,
  ctx: ImportContext,
): Promise<{ outcome: Outcome; id: string }> {
  // Stored as registration stores it, so the same address in another case is no change.
  const email = record.email.toLowerCase();
  const fields: CustomerFields = {
    email,
    firstName: record.firstName,
    lastName: record.lastName,
    company: record.company ?? null,
    phone: record.phone ?? null,
    locale: record.locale,
    currency: record.currency,
    excludeTax: record.excludeTax,
    priceListId: await priceListOf(tx, record, ctx),
    maxOrderTotalCents: record.maxOrderTotalCents ?? null,
    maxOpenOrders: record.maxOpenOrders ?? null,
    creditLimitCents: record.creditLimitCents ?? null,
  };
  await assertEmailFree(tx, email, record.customernum);
  const wanted = record.addresses && addressRows(record.addresses);
  const [existing] = await tx.select().from(customers).where(eq(customers.customernum, record.customernum));
  if (!existing) {
    const [row] = await tx
      .insert(customers)
      .values({ ...fields, customernum: record.customernum })
      .returning({ id: customers.id });
    await recordCustomerCreated(tx, { id: row!.id, customernum: record.customernum, email, company: fields.company });
    if (wanted) await replaceAddresses(tx, row!.id, wanted, false);
    return { outcome: 'created', id: row!.id };
  }
  const changed = CUSTOMER_FIELDS.some((field) => existing[field] !== fields[field]);
  if (changed)
    await tx
      .update(customers)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(customers.id, existing.id));
  const moved = wanted ? await replaceAddresses(tx, existing.id, wanted, true) : false;
  return { outcome: changed || moved ? 'updated' : 'unchanged', id: existing.id };
}
