// One order for the ERP: JSON, or openTRANS 2.1 ORDER XML with Accept: application/xml (docs/erp.md).
import { orderExportApi } from '#lib/server/order-export/index.ts';

export const GET = orderExportApi.one;
