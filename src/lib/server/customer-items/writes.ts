// A company's own item numbers as it maintains them (issue 37, item 3): list, set, remove, import and
// export. Every function takes the company's id and reaches only its rows, so a product the company has
// no number for is CUSTOMER_ITEM_NUMBER_NOT_FOUND whoever else has one. One number names one of the
// company's products (the table's unique index on lower(number)): every write first locks the company's
// row, so two writes of the same number at once end with one of them CUSTOMER_ITEM_NUMBER_TAKEN, and an
// import's rows are decided against the numbers as they are when it writes.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Locale } from '#lib/i18n/locales.ts';
import { DEFAULT_LOCALE } from '#lib/i18n/locales.ts';
import {
  customerNumberSchema,
  itemRefSchema,
  type CustomerItemEntry,
  type ImportRefusal,
  type ImportReport,
  type ImportRow,
} from '#lib/customer-items/contract.ts';
import { ITEM_NUMBERS_PAGE_SIZE } from '#lib/customer-items/rules.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../http.ts';

const productNotFound = () => new ApiError('PRODUCT_NOT_FOUND', 'No product has this item number.', 404);
const numberTaken = () =>
  new ApiError('CUSTOMER_ITEM_NUMBER_TAKEN', 'Your company already uses this number for another product.', 409);
const numberNotFound = () =>
  new ApiError('CUSTOMER_ITEM_NUMBER_NOT_FOUND', 'Your company has no own number for this product.', 404);

const UNIQUE_NUMBER = 'customer_item_numbers_number_idx';

const ProductRow = z.object({ id: z.number(), sku: z.string(), itemnum: z.string() });
type ProductRef = z.infer<typeof ProductRow>;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The products `refs` name, by the ref in lower case: an item number exactly one product has first
 * (as the cart reads a reference), else a sku.
 */
async function productsByRef(db: Db, refs: readonly string[]): Promise<Map<string, ProductRef>> {
  const wanted = [...new Set(refs.map((ref) => ref.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const found = await rows(
    db,
    ProductRow,
    sql`SELECT id, sku, itemnum FROM products
    WHERE lower(sku) IN (${list(wanted)}) OR lower(itemnum) IN (${list(wanted)})`,
  );
  const bySku = new Map(found.map((p) => [p.sku.toLowerCase(), p]));
  const byItem = new Map<string, ProductRef[]>();
  for (const p of found) byItem.set(p.itemnum.toLowerCase(), [...(byItem.get(p.itemnum.toLowerCase()) ?? []), p]);
  const result = new Map<string, ProductRef>();
  for (const ref of wanted) {
    const product = (byItem.get(ref)?.length === 1 ? byItem.get(ref)![0] : undefined) ?? bySku.get(ref);
    if (product) result.set(ref, product);
  }
  return result;
}

async function productByRef(db: Db, ref: string): Promise<ProductRef> {
  const product = (await productsByRef(db, [ref])).get(ref.toLowerCase());
  if (!product) throw productNotFound();
  return product;
}

/** Serializes the writes of one company's numbers (the row lock lets orders and carts reference it meanwhile). */
async function lockCompany(tx: Db, customerId: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM customers WHERE id = ${customerId} FOR NO KEY UPDATE`);
}

const EntryRow = z.object({ sku: z.string(), itemnum: z.string(), name: z.string(), number: z.string() });

/** The company's numbers with the product's name in `locale` (German where it has none). */
function entries(customerId: string, locale: Locale, where: SQL = sql`TRUE`) {
  return sql`SELECT p.sku, p.itemnum, COALESCE(t.name, d.name, p.sku) AS name, c.number
    FROM customer_item_numbers c
    JOIN products p ON p.id = c.product_id
    LEFT JOIN product_translations t ON t.product_id = p.id AND t.locale = ${locale}
    LEFT JOIN product_translations d ON d.product_id = p.id AND d.locale = ${DEFAULT_LOCALE}
    WHERE c.customer_id = ${customerId} AND (${where})`;
}

export interface NumberPage {
  numbers: CustomerItemEntry[];
  total: number;
  page: number;
  pages: number;
}

/** A page of the company's numbers, by own number; `q` finds part of either number or of the sku. */
export async function listCustomerNumbers(
  db: Db,
  customerId: string,
  { q = '', page = 1, locale = DEFAULT_LOCALE }: { q?: string; page?: number; locale?: Locale },
): Promise<NumberPage> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where =
    q === ''
      ? sql`TRUE`
      : sql`lower(c.number) LIKE ${pattern} OR lower(p.itemnum) LIKE ${pattern} OR lower(p.sku) LIKE ${pattern}`;
  const [count] = await rows(
    db,
    z.object({ total: z.coerce.number() }),
    sql`SELECT count(*) AS total FROM customer_item_numbers c JOIN products p ON p.id = c.product_id
    WHERE c.customer_id = ${customerId} AND (${where})`,
  );
  const total = count?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ITEM_NUMBERS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const numbers = await rows(
    db,
    EntryRow,
    sql`${entries(customerId, locale, where)} ORDER BY lower(c.number), c.number
    LIMIT ${ITEM_NUMBERS_PAGE_SIZE} OFFSET ${(current - 1) * ITEM_NUMBERS_PAGE_SIZE}`,
  );
  return { numbers, total, page: current, pages };
}

/** Every number of the company, for the export (a company has at most a few thousand). */
export const allCustomerNumbers = (db: Db, customerId: string, locale: Locale) =>
  rows(db, EntryRow, sql`${entries(customerId, locale)} ORDER BY lower(c.number), c.number`);

const NumberRow = z.object({ productId: z.number(), number: z.string() });

/** The company's numbers, locked by the company's lock (lockCompany first). */
const companyNumbers = (tx: Db, customerId: string) =>
  rows(
    tx,
    NumberRow,
    sql`SELECT product_id AS "productId", number FROM customer_item_numbers WHERE customer_id = ${customerId}`,
  );

/** Gives the product the company's number, or changes it. */
export async function setCustomerNumber(db: Db, customerId: string, ref: string, number: string) {
  const product = await productByRef(db, ref);
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await lockCompany(t, customerId);
      const holder = (await companyNumbers(t, customerId)).find(
        (row) => row.number.toLowerCase() === number.toLowerCase(),
      );
      if (holder && holder.productId !== product.id) throw numberTaken();
      await t.execute(sql`INSERT INTO customer_item_numbers (customer_id, product_id, number)
        VALUES (${customerId}, ${product.id}, ${number})
        ON CONFLICT (customer_id, product_id) DO UPDATE SET number = EXCLUDED.number, updated_at = now()`);
    });
  } catch (error) {
    // Without the lock (a writer that does not take it) the index still keeps one number to one product.
    if (isUniqueViolation(error, UNIQUE_NUMBER)) throw numberTaken();
    throw error;
  }
  return { sku: product.sku, itemnum: product.itemnum, number };
}

/** Removes the company's number of the product named by its item number or sku. */
export async function removeCustomerNumber(db: Db, customerId: string, ref: string) {
  const product = (await productsByRef(db, [ref])).get(ref.toLowerCase());
  if (!product) throw numberNotFound();
  const removed = await rows(
    db,
    z.object({ number: z.string() }),
    sql`DELETE FROM customer_item_numbers WHERE customer_id = ${customerId} AND product_id = ${product.id}
    RETURNING number`,
  );
  if (!removed[0]) throw numberNotFound();
  return { sku: product.sku, number: removed[0].number };
}

interface Planned {
  row: ImportRow;
  productId: number;
  number: string;
}

/** Checks each row on its own: both cells as the set operation takes them, the product known, once per file. */
function checkRows(rowsIn: readonly ImportRow[], products: Map<string, ProductRef>) {
  const refused: ImportReport['refused'] = [];
  const refuse = (row: ImportRow, reason: ImportRefusal) =>
    refused.push({ line: row.line, item: row.item, number: row.number, reason });
  const planned: Planned[] = [];
  const seenProducts = new Set<number>();
  const seenNumbers = new Set<string>();
  for (const row of rowsIn) {
    const item = itemRefSchema.safeParse(row.item);
    const number = customerNumberSchema.safeParse(row.number);
    if (!item.success) refuse(row, 'invalid-item');
    else if (!number.success) refuse(row, 'invalid-number');
    else {
      const product = products.get(item.data.toLowerCase());
      if (!product) refuse(row, 'unknown-product');
      else if (seenProducts.has(product.id)) refuse(row, 'product-twice');
      else if (seenNumbers.has(number.data.toLowerCase())) refuse(row, 'number-taken');
      else {
        seenProducts.add(product.id);
        seenNumbers.add(number.data.toLowerCase());
        planned.push({ row, productId: product.id, number: number.data });
      }
    }
  }
  return { planned, refused, refuse };
}

/**
 * The planned rows that can be written beside the company's other numbers: a number another product
 * keeps (one the file does not give a new number, or whose row was refused) is taken. Refusing a row
 * keeps its product's old number, which may take another row's number: repeated until nothing changes.
 */
function admissible(
  planned: Planned[],
  existing: { productId: number; number: string }[],
  refuse: (row: ImportRow, reason: ImportRefusal) => void,
) {
  let accepted = planned;
  for (;;) {
    const changing = new Set(accepted.map((p) => p.productId));
    const kept = new Map(
      existing.filter((row) => !changing.has(row.productId)).map((row) => [row.number.toLowerCase(), row.productId]),
    );
    const next = accepted.filter((p) => {
      const holder = kept.get(p.number.toLowerCase());
      return holder === undefined || holder === p.productId;
    });
    if (next.length === accepted.length) return accepted;
    for (const p of accepted) if (!next.includes(p)) refuse(p.row, 'number-taken');
    accepted = next;
  }
}

/** Writes every good row in one transaction and reports every other with its line and why. */
export async function importCustomerNumbers(
  db: Db,
  customerId: string,
  rowsIn: readonly ImportRow[],
): Promise<ImportReport> {
  const products = await productsByRef(
    db,
    rowsIn.flatMap((row) => (itemRefSchema.safeParse(row.item).success ? [row.item.trim()] : [])),
  );
  const { planned, refused, refuse } = checkRows(rowsIn, products);
  const { written, unchanged } = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockCompany(t, customerId);
    const existing = await companyNumbers(t, customerId);
    const accepted = admissible(planned, existing, refuse);
    const current = new Map(existing.map((row) => [row.productId, row.number]));
    const changes = accepted.filter((p) => current.get(p.productId) !== p.number);
    if (changes.length > 0) {
      // Freed first, then written: a file may swap two products' numbers.
      await t.execute(sql`DELETE FROM customer_item_numbers WHERE customer_id = ${customerId}
        AND product_id IN (${sql.join(
          changes.map((p) => sql`${p.productId}`),
          sql`, `,
        )})`);
      await t.execute(
        sql`INSERT INTO customer_item_numbers (customer_id, product_id, number) VALUES ${sql.join(
          changes.map((p) => sql`(${customerId}, ${p.productId}, ${p.number})`),
          sql`, `,
        )}`,
      );
    }
    return { written: changes.length, unchanged: accepted.length - changes.length };
  });
  refused.sort((a, b) => a.line - b.line);
  return { written, unchanged, refused };
}
