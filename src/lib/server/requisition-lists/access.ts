// Who reaches a requisition list and what they may do with it. A list belongs to its owner and their
// company: the owner sees and changes it; a colleague sees it only while it is shared ('read' or
// 'edit') and changes its lines only on an 'edit' list; nobody else learns it exists. Every miss, also
// a malformed id, is the same REQUISITION_LIST_NOT_FOUND (404), so an id tells nothing.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { SHARINGS } from '#lib/requisition-lists/rules.ts';
import type { RequisitionList } from '#lib/requisition-lists/contract.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { ApiError } from '../http.ts';

/** A signed-in user of a company, as the lists see them. */
export interface Asker {
  customerId: string;
  userId: string;
}

const listNotFound = () => new ApiError('REQUISITION_LIST_NOT_FOUND', 'There is no such requisition list.', 404);
const readOnly = () =>
  new ApiError('REQUISITION_LIST_READ_ONLY', 'This list is shared with you to view and order only.', 403);
const ownerOnly = () =>
  new ApiError('REQUISITION_LIST_OWNER_ONLY', 'Only the owner of this list may rename, share or delete it.', 403);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ListRow = z.object({
  id: z.string(),
  name: z.string(),
  sharing: z.enum(SHARINGS),
  ownerId: z.string(),
  ownerName: z.string(),
  lines: z.coerce.number(),
  updatedAt: z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString()),
});
type ListRow = z.infer<typeof ListRow>;

/** The lists `where` selects among those the asker sees (alias l), with their owner and line count. */
export const visibleLists = (db: Db, asker: Asker, where = sql`TRUE`) =>
  rows(
    db,
    ListRow,
    sql`SELECT l.id, l.name, l.sharing, l.owner_id AS "ownerId", u.name AS "ownerName", l.updated_at AS "updatedAt",
      (SELECT count(*) FROM requisition_list_lines x WHERE x.list_id = l.id) AS lines
    FROM requisition_lists l JOIN customer_users u ON u.id = l.owner_id
    WHERE l.customer_id = ${asker.customerId} AND (l.owner_id = ${asker.userId} OR l.sharing <> 'private') AND (${where})
    ORDER BY l.owner_id = ${asker.userId} DESC, lower(l.name), l.created_at`,
  );

/** The list as the asker sees it (contract shape). */
export const listView = (row: ListRow, asker: Asker, mayOrder: boolean): RequisitionList => {
  const mine = row.ownerId === asker.userId;
  return {
    id: row.id,
    name: row.name,
    sharing: row.sharing,
    owner: { name: row.ownerName, you: mine },
    editable: mayOrder && (mine || row.sharing === 'edit'),
    lines: row.lines,
    updatedAt: row.updatedAt,
  };
};

/** The list with this id if the asker sees it; REQUISITION_LIST_NOT_FOUND otherwise. */
export async function visibleList(db: Db, asker: Asker, id: string): Promise<ListRow> {
  if (!UUID.test(id)) throw listNotFound();
  const [found] = await visibleLists(db, asker, sql`l.id = ${id}`);
  if (!found) throw listNotFound();
  return found;
}

/** A list whose lines the asker may change: the owner's, or one shared with the company to edit. */
export async function editableList(db: Db, asker: Asker, id: string): Promise<ListRow> {
  const list = await visibleList(db, asker, id);
  if (list.ownerId !== asker.userId && list.sharing !== 'edit') throw readOnly();
  return list;
}

/** A list the asker owns (rename, share, delete); a colleague's shared list is REQUISITION_LIST_OWNER_ONLY. */
export async function ownList(db: Db, asker: Asker, id: string): Promise<ListRow> {
  const list = await visibleList(db, asker, id);
  if (list.ownerId !== asker.userId) throw ownerOnly();
  return list;
}
