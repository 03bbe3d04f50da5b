// The ERP's order export (docs/erp.md): pages and endpoints use this file only.
export { orderExportApi } from './routes.ts';
