// The ERP's status endpoint (docs/erp.md, "Status back"): POST /api/admin/orders/{id}/events with a
// bearer token of the scope orders:write (or a signed-in admin) reports one event; GET lists the
// order's events. 201 for a new report, 200 for a replay of one the shop already has; the buyer's mail
// goes out after the commit, once per report.
import type { APIContext } from 'astro';
import { z } from 'astro/zod';
import type { Db } from '../../db/client.ts';
import { getDb } from '../../db/index.ts';
import { ApiError, json, parseInput, rawEndpoint, readJson } from '../../http.ts';
import { MAX_ORDER_EVENT_BODY_BYTES } from '../../body-limit.ts';
import { apiCallerOf } from '../../admin/index.ts';
import type { TokenScope } from '#lib/admin/rules.ts';
import { findOrder } from '../queries.ts';
import { orderNotFound } from '../errors.ts';
import { applyStatusEvent } from './apply.ts';
import { statusEventInput } from './input.ts';
import { statusEvents } from './read.ts';
import { mailStatusEvent } from './notify.ts';

const orderId = z.uuid({ error: 'must be an order id' });

/** A token with the scope, or an admin: an editor has no business with orders. */
async function orderCaller(db: Db, context: APIContext, scope: TokenScope): Promise<void> {
  const actor = await apiCallerOf(db, context, scope);
  if (actor.kind === 'staff' && actor.role !== 'admin')
    throw new ApiError('FORBIDDEN', 'Only an admin may read or report order status.', 403);
}

export const orderStatusApi = {
  list: rawEndpoint(async (context) => {
    const db = await getDb();
    await orderCaller(db, context, 'orders:read');
    const id = parseInput(context.params.id, orderId);
    if (!(await findOrder(db, id))) throw orderNotFound();
    return json({ events: await statusEvents(db, id) });
  }),
  report: rawEndpoint(async (context) => {
    const db = await getDb();
    await orderCaller(db, context, 'orders:write');
    const id = parseInput(context.params.id, orderId);
    const input = parseInput(await readJson(context.request, MAX_ORDER_EVENT_BODY_BYTES), statusEventInput);
    const applied = await applyStatusEvent(db, id, input);
    if (applied.created) mailStatusEvent(db, applied);
    return json({ event: applied.event, orderStatus: applied.order.status }, { status: applied.created ? 201 : 200 });
  }),
};
