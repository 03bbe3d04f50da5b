// The ERP's status reports on one order (docs/erp.md, "Status back"): POST reports one, GET lists them.
import { orderStatusApi } from '#lib/server/orders/index.ts';

export const GET = orderStatusApi.list;
export const POST = orderStatusApi.report;
