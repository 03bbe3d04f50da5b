// Orders for the ERP, page by page (docs/erp.md).
import { orderExportApi } from '#lib/server/order-export/index.ts';

export const GET = orderExportApi.list;
