// One of an order's PDFs (confirmation, invoice, credit note) for whoever may see the order.
import { downloadDocument } from '#lib/server/orders/index.ts';

export const GET = downloadDocument;
