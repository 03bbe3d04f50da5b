// A buyer's requisition lists as they keep them (issue 37, item 2; tables requisition_lists and
// requisition_list_lines): create, rename, share, delete; add, change and remove lines; import many
// lines at once. Who may do what is access.ts. A list holds each product once: adding a product it
// has adds to that line's quantity. Every write that counts (lists per user, lines per list) first
// locks the row it counts under, so two requests at once cannot pass a limit together.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Locale } from '#lib/i18n/locales.ts';
import { DEFAULT_LOCALE } from '#lib/i18n/locales.ts';
import {
  itemRefSchema,
  noteSchema,
  type ListImportRefusal,
  type ListImportReport,
  type ListImportRow,
  type RequisitionListLine,
  type RequisitionList,
} from '#lib/requisition-lists/contract.ts';
import { MAX_LIST_LINES, MAX_LISTS_PER_USER, MAX_QUANTITY, type Sharing } from '#lib/requisition-lists/rules.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { ApiError } from '../http.ts';
import { findByReference } from '../cart/index.ts';
import { customerNumberColumn } from '../customer-items/index.ts';
import { editableList, listView, ownList, visibleList, type Asker } from './access.ts';

const listLimit = () =>
  new ApiError('REQUISITION_LIST_LIMIT', `You keep ${MAX_LISTS_PER_USER} lists already; delete one first.`, 409);
const listFull = () => new ApiError('REQUISITION_LIST_FULL', `A list holds at most ${MAX_LIST_LINES} lines.`, 409);
const lineNotFound = () => new ApiError('REQUISITION_LINE_NOT_FOUND', 'This list has no such line.', 404);
const productNotFound = () => new ApiError('PRODUCT_NOT_FOUND', 'No product has this item number.', 404);
const quantityTooLarge = () =>
  new ApiError('INVALID_QUANTITY', `A line's quantity is a whole number from 1 to ${MAX_QUANTITY}.`, 400);

const transaction = <T>(db: Db, work: (tx: Db) => Promise<T>) =>
  db.transaction(async (tx) => work(tx as unknown as Db));

const LineRow = z.object({
  id: z.number(),
  productId: z.number(),
  sku: z.string(),
  itemnum: z.string(),
  customerItemNumber: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  note: z.string(),
  orderUnit: z.string(),
  contentUnit: z.string().nullable(),
  unitsPerOrderUnit: z.number().nullable(),
  minQuantity: z.number(),
  quantityStep: z.number(),
  /** The reference an export writes: the item number where it names this product alone, else the sku. */
  ref: z.string(),
});
type LineRow = z.infer<typeof LineRow>;

/** The list's lines in their order, the product names in `locale` (German where one has none). */
export async function listLines(
  db: Db,
  listId: string,
  customerId: string,
  locale: Locale = DEFAULT_LOCALE,
  where = sql`TRUE`,
): Promise<(RequisitionListLine & { productId: number; ref: string })[]> {
  const found = await rows(
    db,
    LineRow,
    sql`SELECT l.id, p.id AS "productId", p.sku, p.itemnum, ${customerNumberColumn(customerId)},
      COALESCE(t.name, d.name, p.sku) AS name, l.quantity, l.note,
      p.content_unit AS "contentUnit", p.units_per_order_unit AS "unitsPerOrderUnit",
      GREATEST(p.min_quantity, 1) AS "minQuantity", GREATEST(p.quantity_step, 1) AS "quantityStep", p.order_unit AS "orderUnit",
      CASE WHEN (SELECT count(*) FROM products q WHERE q.itemnum = p.itemnum) = 1 THEN p.itemnum ELSE p.sku END AS ref
    FROM requisition_list_lines l
    JOIN products p ON p.id = l.product_id
    LEFT JOIN product_translations t ON t.product_id = p.id AND t.locale = ${locale}
    LEFT JOIN product_translations d ON d.product_id = p.id AND d.locale = ${DEFAULT_LOCALE}
    WHERE l.list_id = ${listId} AND (${where})
    ORDER BY l.position, l.id`,
  );
  return found.map((row) => lineView(row));
}

const lineView = (row: LineRow) => ({
  id: row.id,
  productId: row.productId,
  ref: row.ref,
  sku: row.sku,
  itemnum: row.itemnum,
  customerItemNumber: row.customerItemNumber,
  name: row.name,
  quantity: row.quantity,
  note: row.note,
  unit: {
    orderUnit: row.orderUnit,
    contentUnit: row.contentUnit,
    unitsPerOrderUnit: row.unitsPerOrderUnit,
    min: row.minQuantity,
    step: row.quantityStep,
  },
});

/** One line of the list in the contract's shape, as a change answers it. */
async function oneLine(db: Db, listId: string, customerId: string, lineId: number): Promise<RequisitionListLine> {
  const [line] = await listLines(db, listId, customerId, DEFAULT_LOCALE, sql`l.id = ${lineId}`);
  if (!line) throw lineNotFound();
  const { productId: _productId, ref: _ref, ...view } = line;
  return view;
}

/** Serializes the writes that count a user's lists. */
const lockUser = (tx: Db, userId: string) =>
  tx.execute(sql`SELECT id FROM customer_users WHERE id = ${userId} FOR NO KEY UPDATE`);
/** Serializes the writes of one list's lines (and keeps it from being deleted meanwhile). */
const lockList = (tx: Db, listId: string) =>
  tx.execute(sql`SELECT id FROM requisition_lists WHERE id = ${listId} FOR NO KEY UPDATE`);
const touch = (tx: Db, listId: string) =>
  tx.execute(sql`UPDATE requisition_lists SET updated_at = now() WHERE id = ${listId}`);

const Count = z.object({ n: z.coerce.number() });

/** A new private list of the asker's, with `lines` (product and quantity) when given; REQUISITION_LIST_LIMIT past the limit. */
export async function createList(
  db: Db,
  asker: Asker,
  name: string,
  lines: readonly { productId: number; quantity: number }[] = [],
): Promise<string> {
  return transaction(db, async (tx) => {
    await lockUser(tx, asker.userId);
    const [owned] = await rows(
      tx,
      Count,
      sql`SELECT count(*) AS n FROM requisition_lists WHERE owner_id = ${asker.userId}`,
    );
    if ((owned?.n ?? 0) >= MAX_LISTS_PER_USER) throw listLimit();
    const [created] = await rows(
      tx,
      z.object({ id: z.string() }),
      sql`INSERT INTO requisition_lists (customer_id, owner_id, name) VALUES (${asker.customerId}, ${asker.userId}, ${name})
      RETURNING id`,
    );
    if (lines.length > 0)
      await tx.execute(
        sql`INSERT INTO requisition_list_lines (list_id, product_id, quantity, position) VALUES ${sql.join(
          lines.map((line, i) => sql`(${created!.id}, ${line.productId}, ${line.quantity}, ${i + 1})`),
          sql`, `,
        )}`,
      );
    return created!.id;
  });
}

/** The list as the asker sees it after a change. */
export async function listAfter(db: Db, asker: Asker, id: string): Promise<RequisitionList> {
  return listView(await visibleList(db, asker, id), asker, true);
}

export async function renameList(db: Db, asker: Asker, id: string, name: string): Promise<RequisitionList> {
  await ownList(db, asker, id);
  await db.execute(sql`UPDATE requisition_lists SET name = ${name}, updated_at = now() WHERE id = ${id}`);
  return listAfter(db, asker, id);
}

export async function shareList(db: Db, asker: Asker, id: string, sharing: Sharing): Promise<RequisitionList> {
  await ownList(db, asker, id);
  await db.execute(sql`UPDATE requisition_lists SET sharing = ${sharing}, updated_at = now() WHERE id = ${id}`);
  return listAfter(db, asker, id);
}

export async function deleteList(db: Db, asker: Asker, id: string): Promise<{ id: string; name: string }> {
  const list = await ownList(db, asker, id);
  await db.execute(sql`DELETE FROM requisition_lists WHERE id = ${id}`);
  return { id: list.id, name: list.name };
}

const Held = z.object({ id: z.number(), productId: z.number(), quantity: z.number(), position: z.number() });
type Held = z.infer<typeof Held>;

/** The list's lines as the writes need them; the list must be locked by the caller. */
const heldLines = (tx: Db, listId: string) =>
  rows(
    tx,
    Held,
    sql`SELECT id, product_id AS "productId", quantity, position FROM requisition_list_lines WHERE list_id = ${listId}`,
  );

/** The active products references name, as the quick order reads them (the company's own number first). */
async function productsOf(db: Db, customerId: string, refs: readonly string[]) {
  if (refs.length === 0) return new Map<string, number>();
  const found = await findByReference(db, [...refs], DEFAULT_LOCALE, customerId);
  const skus = [...new Set(found.flatMap((p) => (p ? [p.sku] : [])))];
  const ids =
    skus.length === 0
      ? []
      : await rows(
          db,
          z.object({ id: z.number(), sku: z.string() }),
          sql`SELECT id, sku FROM products WHERE sku IN (${sql.join(
            skus.map((sku) => sql`${sku}`),
            sql`, `,
          )})`,
        );
  const idOf = new Map(ids.map((p) => [p.sku, p.id]));
  const result = new Map<string, number>();
  refs.forEach((ref, i) => {
    const id = found[i] ? idOf.get(found[i]!.sku) : undefined;
    if (id !== undefined) result.set(ref.toLowerCase(), id);
  });
  return result;
}

interface Addition {
  productId: number;
  quantity: number;
  note: string;
}

/**
 * Adds to the locked list: a product it has gets the quantity added (its note replaced by a new one
 * that is not empty), a new one goes last. Returns the additions it refused and why.
 */
async function addToList(tx: Db, listId: string, additions: readonly Addition[]) {
  const held = new Map<number, Held>((await heldLines(tx, listId)).map((line) => [line.productId, line]));
  let count = held.size;
  let position = Math.max(0, ...[...held.values()].map((line) => line.position));
  const planned = new Map<number, { quantity: number; note: string; position: number }>();
  const refused: { index: number; reason: 'invalid-quantity' | 'list-full' }[] = [];
  additions.forEach((addition, index) => {
    const before = planned.get(addition.productId) ?? held.get(addition.productId);
    const quantity = (before?.quantity ?? 0) + addition.quantity;
    if (quantity > MAX_QUANTITY) refused.push({ index, reason: 'invalid-quantity' });
    else if (!before && count >= MAX_LIST_LINES) refused.push({ index, reason: 'list-full' });
    else {
      if (!before) count += 1;
      planned.set(addition.productId, {
        quantity,
        note: addition.note !== '' ? addition.note : (planned.get(addition.productId)?.note ?? ''),
        position: before?.position ?? (position += 1),
      });
    }
  });
  if (planned.size > 0) {
    await tx.execute(sql`INSERT INTO requisition_list_lines AS l (list_id, product_id, quantity, note, position)
      VALUES ${sql.join(
        [...planned].map(([productId, p]) => sql`(${listId}, ${productId}, ${p.quantity}, ${p.note}, ${p.position})`),
        sql`, `,
      )}
      ON CONFLICT (list_id, product_id) DO UPDATE SET quantity = EXCLUDED.quantity,
        note = CASE WHEN EXCLUDED.note <> '' THEN EXCLUDED.note ELSE l.note END`);
    await touch(tx, listId);
  }
  return refused;
}

/** Adds a product named by reference to a list the asker may change. */
export async function addLine(
  db: Db,
  asker: Asker,
  id: string,
  input: { item: string; quantity: number; note?: string | undefined },
): Promise<RequisitionListLine> {
  await editableList(db, asker, id);
  const productId = (await productsOf(db, asker.customerId, [input.item])).get(input.item.toLowerCase());
  if (productId === undefined) throw productNotFound();
  const [refusal] = await transaction(db, async (tx) => {
    await lockList(tx, id);
    return addToList(tx, id, [{ productId, quantity: input.quantity, note: input.note ?? '' }]);
  });
  if (refusal) throw refusal.reason === 'list-full' ? listFull() : quantityTooLarge();
  const [line] = await listLines(db, id, asker.customerId, DEFAULT_LOCALE, sql`l.product_id = ${productId}`);
  const { productId: _productId, ref: _ref, ...view } = line!;
  return view;
}

export async function updateLine(
  db: Db,
  asker: Asker,
  id: string,
  input: { line: number; quantity: number; note: string },
): Promise<RequisitionListLine> {
  await editableList(db, asker, id);
  const changed = await rows(
    db,
    z.object({ id: z.number() }),
    sql`UPDATE requisition_list_lines SET quantity = ${input.quantity}, note = ${input.note}
    WHERE id = ${input.line} AND list_id = ${id} RETURNING id`,
  );
  if (changed.length === 0) throw lineNotFound();
  await touch(db, id);
  return oneLine(db, id, asker.customerId, input.line);
}

export async function removeLine(db: Db, asker: Asker, id: string, line: number) {
  await editableList(db, asker, id);
  const removed = await rows(
    db,
    z.object({ sku: z.string() }),
    sql`DELETE FROM requisition_list_lines l USING products p
    WHERE l.id = ${line} AND l.list_id = ${id} AND p.id = l.product_id RETURNING p.sku`,
  );
  if (!removed[0]) throw lineNotFound();
  await touch(db, id);
  return { line, sku: removed[0].sku };
}

/** Writes every good row in one transaction and reports every other with its line and why. */
export async function importLines(
  db: Db,
  asker: Asker,
  id: string,
  entries: readonly ListImportRow[],
): Promise<ListImportReport> {
  await editableList(db, asker, id);
  const refused: ListImportReport['refused'] = [];
  const refuse = (row: ListImportRow, reason: ListImportRefusal) =>
    refused.push({ line: row.line, item: row.item, quantity: row.quantity, reason });
  const products = await productsOf(
    db,
    asker.customerId,
    entries.flatMap((row) => (itemRefSchema.safeParse(row.item).success ? [row.item.trim()] : [])),
  );
  const checked: { row: ListImportRow; addition: Addition }[] = [];
  for (const row of entries) {
    const item = itemRefSchema.safeParse(row.item);
    const note = noteSchema.safeParse(row.note);
    // A missing quantity means one, as in the quick order.
    const quantity = row.quantity.trim() === '' ? 1 : /^\d+$/.test(row.quantity.trim()) ? Number(row.quantity) : 0;
    if (!item.success) refuse(row, 'invalid-item');
    else if (!products.has(item.data.toLowerCase())) refuse(row, 'unknown-product');
    else if (quantity < 1 || quantity > MAX_QUANTITY) refuse(row, 'invalid-quantity');
    else if (!note.success) refuse(row, 'invalid-note');
    else
      checked.push({ row, addition: { productId: products.get(item.data.toLowerCase())!, quantity, note: note.data } });
  }
  const late = await transaction(db, async (tx) => {
    await lockList(tx, id);
    return addToList(
      tx,
      id,
      checked.map((c) => c.addition),
    );
  });
  for (const { index, reason } of late) refuse(checked[index]!.row, reason);
  refused.sort((a, b) => a.line - b.line);
  return { written: checked.length - late.length, refused };
}
