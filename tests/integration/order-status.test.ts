// The ERP's status reports on an order (issue 31, part 3): who may send them, what a report may not do
// (ship more than is open, touch a cancelled order, cancel what has shipped), a retried report applied
// once, a cancellation giving the stock back, the webhook event and the buyer's mail for each, and the
// documents downloadable by whoever may see the order and by nobody else.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Browser, prepareDataDir } from '../helpers/auth-harness.ts';
import { outboxMails } from '../helpers/accounts.ts';
import { apiToken, callAdmin, signInDemoStaff } from '../helpers/admin-harness.ts';
import { CookieJar, DEMO_FIXTURES } from '../helpers/cart-harness.ts';
import {
  api,
  countOf,
  ok,
  orderHarness,
  orderRequest,
  readyCart,
  setStock,
  stockOf,
} from '../helpers/order-harness.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { closeDatabase, database, getDb } from '#lib/server/db/index.ts';
import { expireUnpaidOrders } from '#lib/server/orders/expiry.ts';
import { rows } from '../helpers/raw-rows.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';
import type { Db } from '#lib/server/db/client.ts';
import * as eventsRoute from '../../src/pages/api/admin/orders/[id]/events.ts';
import * as documentRoute from '../../src/pages/api/orders/document.ts';

const { available, limited } = DEMO_FIXTURES.products;
const admin = new Browser();
let db: Db;
let writer: string;
let reader: string;

/** A PDF with one line of text: small, valid, and recognisable in the download. */
const tinyPdf = (label: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${label}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/** A report as the ERP sends it; bearer null sends none. */
const report = (orderId: string, body: unknown, bearer: string | null = writer) =>
  callAdmin(eventsRoute.POST, {
    path: `/api/admin/orders/${orderId}/events`,
    params: { id: orderId },
    body,
    ...(bearer === null ? {} : { bearer }),
  });

const cookieHeader = (jar: CookieJar) =>
  [...jar.values].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');

/** The download endpoint as the guest's browser (its cookies) or a stranger asks it; the body as bytes. */
async function download(orderId: string, document: string, jar?: CookieJar) {
  return callAdmin(documentRoute.GET, {
    method: 'GET',
    path: `/api/orders/document?order=${orderId}&document=${document}`,
    ...(jar ? { headers: { cookie: cookieHeader(jar) } } : {}),
  });
}

/** A guest's invoice order of `lines`, with the browser that placed it (its cookie opens the order). */
async function guestOrder(
  sku: string = available,
  quantity = 3,
): Promise<{ id: string; number: string; jar: CookieJar }> {
  const h = orderHarness(() => db);
  const jar = new CookieJar();
  const cart = await readyCart(h, jar, { sku, quantity });
  const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart)))).order!;
  return { id: order.id, number: order.transactionnum, jar };
}

const outboxTypes = async (orderId: string) =>
  (
    await rows<{ type: string }>(
      db,
      sql`SELECT type FROM outbox_events WHERE payload->'data'->>'id' = ${orderId} ORDER BY created_at, type`,
    )
  ).map((row) => row.type);

const mailsFor = (number: string) => outboxMails().filter((mail) => mail.subject.includes(number));

beforeAll(async () => {
  await prepareDataDir();
  db = await getDb();
  await signInDemoStaff(admin);
  writer = await apiToken(admin, ['orders:write']);
  reader = await apiToken(admin, ['orders:read']);
});
afterAll(() => closeDatabase());

describe('who may report', () => {
  test('no token: 401; a token without orders:write: 403; orders:read lists the events', async () => {
    const { id } = await guestOrder();
    expect((await report(id, { type: 'confirmed' }, null)).status).toBe(401);
    const refused = await report(id, { type: 'confirmed' }, reader);
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await report(id, { type: 'confirmed' })).status).toBe(201);
    const listed = await callAdmin(eventsRoute.GET, {
      method: 'GET',
      path: `/api/admin/orders/${id}/events`,
      params: { id },
      bearer: reader,
    });
    expect([listed.status, listed.body.events.map((e: { type: string }) => e.type)]).toEqual([200, ['confirmed']]);
  });

  test('bad reports are refused with what is wrong, and change nothing', async () => {
    const { id } = await guestOrder();
    const cases: [unknown, number, string][] = [
      [{ type: 'delivered' }, 400, 'type'],
      [{ type: 'shipped', carrier: 'DHL' }, 400, 'trackingNumber'],
      [
        { type: 'shipped', carrier: 'DHL', trackingNumber: '1', trackingUrl: 'http://evil.example' },
        400,
        'trackingUrl',
      ],
      [
        { type: 'invoiced', number: 'RE-1', date: '2026-11-28', pdf: Buffer.from('<html>').toString('base64') },
        400,
        'pdf',
      ],
      [{ type: 'invoiced', number: 'RE-1', date: '28.11.2026', pdf: tinyPdf('x').toString('base64') }, 400, 'date'],
      [{ type: 'confirmed', extra: true }, 400, ''],
      [{ type: 'shipped', carrier: 'DHL', trackingNumber: '1', lines: [{ sku: 'NOPE-1', quantity: 1 }] }, 400, 'lines'],
    ];
    for (const [body, status, path] of cases) {
      const r = await report(id, body);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([status, 'VALIDATION_FAILED']);
      expect(JSON.stringify(r.body.details), JSON.stringify(body)).toContain(`"path":"${path}`);
    }
    expect((await report('00000000-0000-4000-8000-000000000000', { type: 'confirmed' })).status).toBe(404);
    expect((await report('not-an-id', { type: 'confirmed' })).status).toBe(400);
    expect(await countOf(db, sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${id}`)).toBe(0);
  });
});

describe('shipments', () => {
  test('a partial shipment, then the rest; more than is open is refused; tracking links for known carriers', async () => {
    const { id, number } = await guestOrder(available, 3);
    const first = await report(id, {
      type: 'shipped',
      carrier: 'DHL',
      trackingNumber: '00340434161094042557',
      lines: [{ sku: available, quantity: 2 }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.event.shipment).toMatchObject({
      trackingUrl: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557',
      lines: [{ sku: available, quantity: 2 }],
    });
    const tooMany = await report(id, {
      type: 'shipped',
      carrier: 'DHL',
      trackingNumber: '2',
      lines: [{ sku: available, quantity: 2 }],
    });
    expect([tooMany.status, tooMany.body.code, tooMany.body.details]).toEqual([
      409,
      'SHIPPED_TOO_MANY',
      { open: { [available]: 1 } },
    ]);
    const rest = await report(id, { type: 'shipped', carrier: 'Spedition Müller', trackingNumber: 'SM-77' });
    expect(rest.body.event.shipment).toMatchObject({ trackingUrl: null, lines: [{ sku: available, quantity: 1 }] });
    const none = await report(id, { type: 'shipped', carrier: 'DHL', trackingNumber: '3' });
    expect([none.status, none.body.code]).toEqual([409, 'NOTHING_TO_SHIP']);
    const cancel = await report(id, { type: 'cancelled' });
    expect([cancel.status, cancel.body.code]).toEqual([409, 'ORDER_SHIPPED']);
    expect(await outboxTypes(id)).toEqual(['order.created', 'order.shipped', 'order.shipped']);
    await backgroundSettled();
    // One mail per shipment, sent in the background: their order in the outbox is not the reports' order.
    const shipped = mailsFor(number).filter((m) => m.subject.includes('unterwegs'));
    expect(shipped).toHaveLength(2);
    const mail = shipped.find((m) => m.text.includes('Sendungsnummer: 00340434161094042557'));
    expect(mail?.text).toContain('2 × ');
    expect(shipped.find((m) => m !== mail)?.text).toContain('Sendungsnummer: SM-77');
    expect(mail?.text).toContain(`/order/${id}?access=`);
  });

  test('the same report again (the ERP retried) is answered with the first and applied once', async () => {
    const { id, number } = await guestOrder();
    const body = { id: 'erp-4711', type: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    const [a, b] = [await report(id, body), await report(id, body)];
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.body.event).toEqual(a.body.event);
    const reused = await report(id, { id: 'erp-4711', type: 'confirmed' });
    expect([reused.status, reused.body.code]).toEqual([409, 'EVENT_ID_REUSED']);
    expect(await countOf(db, sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${id}`)).toBe(1);
    expect(await outboxTypes(id)).toEqual(['order.created', 'order.shipped']);
    await backgroundSettled();
    expect(mailsFor(number).filter((m) => m.subject.includes('unterwegs'))).toHaveLength(1);
  });
});

describe('cancellation', () => {
  test('gives the stock back, raises order.cancelled, and leaves only a credit note possible', async () => {
    await setStock(db, limited, 2, 5);
    const { id, number } = await guestOrder(limited, 2);
    expect(await stockOf(db, limited)).toEqual({ effective: 0, external: 5 });
    const cancelled = await report(id, { type: 'cancelled', note: 'Artikel nicht mehr lieferbar' });
    expect([cancelled.status, cancelled.body.orderStatus]).toEqual([201, 'cancelled']);
    expect(await stockOf(db, limited)).toEqual({ effective: 2, external: 5 });
    const shipped = await report(id, { type: 'shipped', carrier: 'DHL', trackingNumber: '1' });
    expect([shipped.status, shipped.body.code]).toEqual([409, 'ORDER_CANCELLED']);
    const credit = await report(id, {
      type: 'credit_note',
      number: 'GS-2026-0001',
      date: '2026-11-28',
      pdf: tinyPdf('credit').toString('base64'),
    });
    expect(credit.status).toBe(201);
    expect(await outboxTypes(id)).toEqual(['order.created', 'order.cancelled', 'order.credited']);
    await backgroundSettled();
    const mails = mailsFor(number);
    expect(mails.find((m) => m.subject.includes('storniert'))?.text).toContain('Hinweis: Artikel nicht mehr lieferbar');
  });
});

describe('payment', () => {
  test('an invoice order reported paid: paid, order.paid raised, the buyer told; once only', async () => {
    const { id, number } = await guestOrder();
    const paid = await report(id, { id: 'zahlung-1', type: 'paid', occurredAt: '2026-11-28T10:00:00Z' });
    expect(paid.status).toBe(201);
    const [row] = await rows<{ paymentStatus: string }>(
      db,
      sql`SELECT payment_status AS "paymentStatus" FROM orders WHERE id = ${id}`,
    );
    expect(row?.paymentStatus).toBe('paid');
    expect((await report(id, { id: 'zahlung-1', type: 'paid' })).status).toBe(200);
    const again = await report(id, { type: 'paid' });
    expect([again.status, again.body.code]).toEqual([409, 'ORDER_ALREADY_PAID']);
    expect(await outboxTypes(id)).toEqual(['order.created', 'order.paid']);
    await backgroundSettled();
    expect(mailsFor(number).filter((m) => m.subject.startsWith('Zahlungseingang'))).toHaveLength(1);
  });
});

describe('documents', () => {
  test('an invoice: stored, mailed as attachment, downloadable by the buyer and by nobody else', async () => {
    const { id, number, jar } = await guestOrder();
    const pdf = tinyPdf('RE-2026-0042');
    const invoiced = await report(id, {
      type: 'invoiced',
      number: 'RE-2026-0042',
      date: '2026-11-28',
      pdf: pdf.toString('base64'),
    });
    expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(201);
    const doc = invoiced.body.event.document;
    expect(doc).toMatchObject({
      kind: 'invoice',
      number: 'RE-2026-0042',
      fileName: 'invoice-RE-2026-0042.pdf',
      size: pdf.length,
    });
    const again = await report(id, {
      type: 'invoiced',
      number: 'RE-2026-0042',
      date: '2026-11-28',
      pdf: pdf.toString('base64'),
    });
    expect([again.status, again.body.code]).toEqual([409, 'DOCUMENT_EXISTS']);

    const mine = await download(id, doc.id, jar);
    expect([mine.status, mine.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(mine.headers.get('content-disposition')).toContain('invoice-RE-2026-0042.pdf');
    expect(mine.body).toContain('% RE-2026-0042');
    // Without the order's cookie, or another order's document under this order: the 404 of a made-up id.
    expect((await download(id, doc.id)).status).toBe(404);
    const other = await guestOrder();
    expect((await download(other.id, doc.id, other.jar)).status).toBe(404);
    expect((await download(id, doc.id, other.jar)).status).toBe(404);

    // The order confirmation, made on the spot, is the mail's document.
    const confirmation = await download(id, 'confirmation', jar);
    expect(confirmation.status).toBe(200);
    expect(pdfText(confirmation.bytes!).join(' ')).toContain(number);

    await backgroundSettled();
    const mail = mailsFor(number).find((m) => m.subject.startsWith('Rechnung RE-2026-0042'));
    expect(mail?.text).toContain('Rechnung RE-2026-0042 vom 28. November 2026');
    expect(mail?.attachments).toEqual(['invoice-RE-2026-0042.pdf']);
  });

  test('an unpaid order the ERP has acted on is not cancelled by the hold time', async () => {
    const [acted, untouched] = [await guestOrder(), await guestOrder()];
    await report(acted.id, { type: 'confirmed' });
    for (const { id } of [acted, untouched])
      await db.execute(sql`UPDATE orders SET created_at = now() - interval '3 days' WHERE id = ${id}`);
    await expireUnpaidOrders(await database(), 3_600_000, async () => undefined);
    const status = async (id: string) =>
      (await rows<{ status: string }>(db, sql`SELECT status FROM orders WHERE id = ${id}`))[0]?.status;
    expect([await status(acted.id), await status(untouched.id)]).toEqual(['pending', 'cancelled']);
  });

  test('a report moves the order in the export (last_modified)', async () => {
    const { id } = await guestOrder();
    await db.execute(sql`UPDATE orders SET last_modified = now() - interval '1 hour' WHERE id = ${id}`);
    await report(id, { type: 'confirmed' });
    const [row] = await rows<{ recent: boolean }>(
      db,
      sql`SELECT last_modified > now() - interval '1 minute' AS recent FROM orders WHERE id = ${id}`,
    );
    expect(row?.recent).toBe(true);
  });
});
