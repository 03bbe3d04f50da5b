// GET /api/orders/document?order={id}&document={id|confirmation}: one of an order's PDFs for whoever
// may see the order (src/lib/server/orders/access.ts: its signed-in owner, or the guest holding its
// secret): the order confirmation, made on the spot as the mail attached it, or an invoice or credit
// note the ERP sent. Anybody else, and any other order's document, gets the 404 of a made-up id.
import { z } from 'astro/zod';
import { getDb } from '../../db/index.ts';
import { ApiError, parseInput, rawEndpoint } from '../../http.ts';
import { currentShopper } from '../../shopper.ts';
import { shopTitle } from '../../auth/index.ts';
import { findAccessibleOrder, orderActor } from '../access.ts';
import { orderView } from '../queries.ts';
import { confirmationPdf, localeOf } from '../../mail/index.ts';
import { termsUrl } from '../terms.ts';
import { orderDocument } from './read.ts';

const query = z
  .object({
    order: z.uuid({ error: 'must be an order id' }),
    document: z.union([z.literal('confirmation'), z.uuid()], { error: 'must be a document id or confirmation' }),
  })
  .strict();

const notFound = () => new ApiError('DOCUMENT_NOT_FOUND', 'There is no such document.', 404);

/** A download's file name in both header forms: ASCII for old clients, UTF-8 for the rest (RFC 6266). */
function disposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const downloadDocument = rawEndpoint(async (context) => {
  const { order: orderId, document } = parseInput(Object.fromEntries(context.url.searchParams), query);
  const db = await getDb();
  const shopper = await currentShopper(context.cookies, context.url);
  const row = await findAccessibleOrder(db, orderId, orderActor(context.cookies, shopper));
  if (!row) throw notFound();
  const file =
    document === 'confirmation'
      ? await confirmationPdf(
          orderView(row),
          row.locale,
          await shopTitle(localeOf(row.locale)),
          await termsUrl(localeOf(row.locale)),
        )
      : await orderDocument(db, row.id, document).then((found) =>
          found ? { filename: found.fileName, content: found.content } : null,
        );
  if (!file) throw notFound();
  return new Response(Buffer.from(file.content), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': disposition(file.filename),
      'cache-control': 'private, no-store',
    },
  });
});
