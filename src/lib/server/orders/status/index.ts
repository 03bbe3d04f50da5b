// What happens to an order after the shop (docs/erp.md, "Status back"): the ERP's reports, the
// timeline and documents the buyer sees, and the mail for each.
export { orderStatusApi } from './route.ts';
export { downloadDocument } from './download.ts';
export { statusEvents } from './read.ts';
