// The ERP's order endpoints (docs/erp.md), behind a bearer token with the scope orders:read (or a
// signed-in staff member): GET /api/admin/orders pages through orders by when they last changed;
// GET /api/admin/orders/{id} answers one order as JSON, or as openTRANS 2.1 ORDER XML when the
// request asks for application/xml.
import type { APIContext } from 'astro';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { getDb } from '../db/index.ts';
import { ApiError, json, parseInput, rawEndpoint } from '../http.ts';
import { apiCallerOf } from '../admin/index.ts';
import { siteUrl } from '../site-url.ts';
import { int } from '#lib/http/fields.ts';
import { decodeCursor, exportOne, exportPage, MAX_PAGE } from './query.ts';
import { exportOrder } from './shape.ts';
import { openTransOrder } from './opentrans.ts';

const listQuery = z
  .object({
    updatedAfter: z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 date and time such as 2026-11-01T00:00:00Z' })
      .optional(),
    cursor: z
      .string()
      .max(200)
      .transform((value, context) => {
        const cursor = decodeCursor(value);
        if (!cursor) context.addIssue({ code: 'custom', message: 'is not a cursor this shop handed out' });
        return cursor ?? undefined;
      })
      .optional(),
    limit: int({ min: 1, max: MAX_PAGE }).optional(),
  })
  .strict();

const orderId = z.uuid({ error: 'must be an order id' });

/** openTRANS when the caller prefers XML to JSON (an ERP's file import), JSON otherwise. */
const wantsXml = (accept: string | null): boolean =>
  /\b(application|text)\/xml\b/.test(accept ?? '') && !/\bapplication\/json\b/.test(accept ?? '');

/** A token with orders:read, or an admin: orders name customers and addresses, which editors do not need. */
async function orderReader(db: Db, context: APIContext): Promise<void> {
  const actor = await apiCallerOf(db, context, 'orders:read');
  if (actor.kind === 'staff' && actor.role !== 'admin')
    throw new ApiError('FORBIDDEN', 'Only an admin may read orders.', 403);
}

export const orderExportApi = {
  list: rawEndpoint(async (context) => {
    const db = await getDb();
    await orderReader(db, context);
    const params = Object.fromEntries(context.url.searchParams);
    const query = parseInput({ ...params, ...(params.limit ? { limit: Number(params.limit) } : {}) }, listQuery);
    const page = await exportPage(db, {
      updatedAfter: query.updatedAfter ? new Date(query.updatedAfter) : undefined,
      cursor: query.cursor,
      limit: query.limit ?? 50,
    });
    return json({ orders: page.orders.map(exportOrder), cursor: page.cursor, hasMore: page.hasMore });
  }),
  one: rawEndpoint(async (context) => {
    const db = await getDb();
    await orderReader(db, context);
    const id = parseInput(context.params.id, orderId);
    const found = await exportOne(db, id);
    if (!found) throw new ApiError('ORDER_NOT_FOUND', 'There is no order with this id.', 404);
    const order = exportOrder(found);
    if (!wantsXml(context.request.headers.get('accept'))) return json({ order });
    return new Response(openTransOrder(order, siteUrl().host), {
      headers: {
        'content-type': 'application/xml; charset=utf-8',
        'cache-control': 'private, no-store',
        vary: 'accept',
      },
    });
  }),
};
