// Issue 31, part 3: the ERP reports an order's status back. A buyer orders; the ERP, a client of the
// API with a token of the scope orders:write and nothing else, marks part of it shipped by DHL with a
// tracking number and invoices it with its own PDF; the buyer finds both on the order page in de and en
// (desktop and a phone's width), downloads the very PDF the ERP sent and the order confirmation, and
// gets a mail for each report. A guest's status mail opens the guest's order page in a browser that
// has never seen the shop; an order id without its secret is the 404 page there.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import {
  BASE_URL,
  escapeRegExp,
  expect,
  expectNoA11yViolations,
  localePath,
  LOCALE_TAGS,
  msg,
  newClient,
  test,
  type Locale,
} from './helpers.ts';
import { checkoutCart, open, SKU } from './checkout-flow.ts';
import { registerAndActivate } from './accounts.ts';
import { openMailbox, type Mailbox } from './mailbox.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import type { Mail } from '../helpers/parse-mail.ts';
import type { Order } from '#lib/checkout/contract.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const HISTORY = '/my-account/order-history';
const DOCUMENT_DATE = '2026-11-27';
const TRACKING = '00340434161234567890';
const DHL_PAGE = `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${TRACKING}`;

let mailbox: Mailbox;
/** The ERP: a request context of its own that carries nothing but its bearer token. */
let erp: APIRequestContext;

test.beforeAll(async () => {
  mailbox = await openMailbox();
  // The token as an admin makes it in the workspace (POST /api/admin/tokens), then the ERP holds only it.
  const admin = await request.newContext({ baseURL: BASE_URL });
  const { email, password } = DEMO_FIXTURES.staff.admin;
  const signedIn = await admin.post('/api/admin/sign-in', { data: { email, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const created = await admin.post('/api/admin/tokens', {
    data: { name: `ERP e2e ${randomUUID().slice(0, 8)}`, scopes: ['orders:read', 'orders:write'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  await admin.dispose();
  erp = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
});

test.afterAll(async () => {
  await erp?.dispose();
  await mailbox?.close();
});

/** An invoice order of `quantity` pieces of SKU, placed through the shop's API as the checkout places it. */
async function placeOrder(
  client: APIRequestContext,
  locale: Locale,
  quantity: number,
  orderReference?: string,
): Promise<Order> {
  if (quantity > 1) {
    const added = await client.post('/api/cart/add', { data: { sku: SKU, quantity: quantity - 1 } });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const cart = await checkoutCart(client, 3);
  const response = await client.post('/api/orders/create', {
    data: {
      idempotencyKey: randomUUID(),
      cartId: cart.id,
      cart: { version: cart.version, pricesHash: cart.pricesHash },
      paymentMethodCode: 'invoice',
      locale,
      ...(orderReference ? { orderReference } : {}),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { order } = (await response.json()) as { order: Order };
  // What the thank-you page calls: the order is confirmed and its confirmation mailed.
  const confirmed = await client.post('/api/orders/confirm', { data: { id: order.id, locale } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return order;
}

/** The ERP's report; `status` is 201 for a new one, 200 for a replay. */
async function report(orderId: string, event: object, status = 201): Promise<{ event: { id: string } }> {
  const response = await erp.post(`/api/admin/orders/${orderId}/events`, { data: event });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as { event: { id: string } };
}

/** The ERP's invoice: a real PDF (PDFKit, as an ERP's report writer makes one) naming its number. */
function invoicePdf(number: string, orderNumber: string): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.fontSize(16).text(`Rechnung ${number}`);
  pdf.fontSize(10).text(`Bestellung ${orderNumber}`);
  pdf.end();
  return done;
}

/** A date (YYYY-MM-DD, or an instant) as the documents write it. */
const longDate = (locale: Locale, date: string) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));

const money = (amount: number) =>
  new Intl.NumberFormat(LOCALE_TAGS.de, { style: 'currency', currency: 'EUR' }).format(amount);

/**
 * What a German order confirmation must state (issue 31, "Documents"), from the order as the shop
 * answered it: its lines in the mail's text, and the values the PDF prints beside its labels.
 */
function confirmationFacts(order: Order): { mail: string[]; pdf: string[] } {
  const item = order.cartInfo.cartItems[0]!;
  const totals = order.cartInfo.totals!;
  const [tax] = totals.taxes;
  const unit = money(item.price.special ?? item.price.regular ?? 0);
  const rate = new Intl.NumberFormat(LOCALE_TAGS.de, { style: 'percent' }).format(tax!.ratePercent / 100);
  const address = ['Erika Mustermann', 'Hauptstraße 5', '10115 Berlin'];
  const de = (key: Parameters<typeof msg>[1]) => msg('de', key);
  const facts: [label: string, value: string][] = [
    [de('checkout.order.number'), order.transactionnum],
    [de('checkout.order.date'), longDate('de', order.createdDate)],
    [de('checkout.order.reference'), order.orderReference!],
    [de('checkout.paymentMethod'), de('checkout.paymentMethod.invoice')],
    [de('document.subtotalNet'), money(totals.subtotal_excl_tax)],
    [de('document.shippingNet'), money(totals.shipping_amount)],
    [de('document.totalNet'), money(totals.grandTotalExclTax)],
    [`${msg('de', 'cart.taxAtRate', { rate })} (${money(tax!.net)})`, money(tax!.tax)],
    [de('document.totalGross'), money(totals.grandTotalIncTax)],
  ];
  return {
    mail: [
      ...facts.map(([label, value]) => `${label}: ${value}`),
      ...[de('checkout.billingAddress'), de('checkout.shippingAddress')].map(
        (title) => `${title}:\n${address.join('\n')}`,
      ),
      `× ${item.name} (${de('catalog.itemNo')} ${item.itemnum}) — ${unit} = ${money(item.rowTotal ?? 0)}`,
    ],
    pdf: [...facts.map(([, value]) => value), ...address, item.itemnum, unit],
  };
}

/** The link a mail leads to (after its action's label), as a path on the test server. */
function mailedLink(mail: Mail, path: string): string {
  const link = new RegExp(`https?://\\S+${path}\\S*`).exec(mail.text)?.[0];
  expect(link, `a link to ${path} in:\n${mail.text}`).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** The order page's timeline, checked entry by entry, with the parcel's tracking link. */
async function expectTimeline(page: Page, locale: Locale, titles: string[], parcel: string) {
  const status = page.getByRole('region', { name: msg(locale, 'order.status.heading'), exact: true });
  await expect(status.locator('.order-timeline > li > .order-timeline-title')).toHaveText(titles);
  const shipped = status.locator('li[data-status-event="shipped"]');
  await expect(shipped).toContainText(`${msg(locale, 'order.status.carrier')}DHL`);
  await expect(shipped).toContainText(parcel);
  const track = shipped.getByRole('link', { name: msg(locale, 'order.status.track', { number: TRACKING }) });
  await expect(track).toHaveAttribute('href', DHL_PAGE);
  await expect(track).toHaveAttribute('target', '_blank');
  return status;
}

/** The page's download link's answer, fetched with the page's cookies. */
async function fetchDocument(page: Page, name: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const href = await page.getByRole('link', { name, exact: true }).first().getAttribute('href');
  expect(href).toMatch(/^\/api\/orders\/document\?order=[0-9a-f-]{36}&document=/);
  const response = await page.request.get(href!);
  expect(response.status(), href!).toBe(200);
  return { body: await response.body(), headers: response.headers() };
}

test.describe('order status from the ERP', () => {
  test('a buyer orders; the ERP ships part of it by DHL and invoices it; the buyer sees both in de and en and gets the mails', async ({
    page,
    browser,
  }) => {
    const email = `erp-${randomUUID().slice(0, 8)}@example.com`;
    await registerAndActivate(
      page.request,
      { email, firstName: 'Erika', lastName: 'Mustermann', password: DEMO_FIXTURES.password },
      { mailbox },
    );
    const reference = `PO-${randomUUID().slice(0, 6)}`;
    const order = await placeOrder(page.request, 'de', 3, reference);
    const number = order.transactionnum;
    const item = order.cartInfo.cartItems[0]!;
    const document = confirmationFacts(order);

    // The confirmation mail: a business document with its PDF, leading to the account's order page.
    const confirmation = await mailbox.waitFor(email, new RegExp(`${msg('de', 'checkout.order.number')}: ${number}`));
    for (const fact of document.mail) expect(confirmation.text).toContain(fact);
    expect(confirmation.text).toMatch(new RegExp(`^3 \\S+ × ${escapeRegExp(item.name)} `, 'm'));
    expect(confirmation.attachments).toEqual([`Auftragsbestätigung-${number}.pdf`]);
    expect(mailedLink(confirmation, `${HISTORY}/`)).toBe(`${HISTORY}/${order.id}`);

    // The buyer's own session may not report status: that is the ERP's token's business.
    expect(
      (await page.request.post(`/api/admin/orders/${order.id}/events`, { data: { type: 'confirmed' } })).status(),
    ).toBe(401);

    // The ERP: two of the three pieces leave by DHL (its tracking page made from the number), the
    // same report again is a replay, more pieces than are open are refused; then the invoice.
    const shipment = { type: 'shipped', id: `ship-${number}`, carrier: 'DHL', trackingNumber: TRACKING };
    await report(order.id, { ...shipment, lines: [{ sku: SKU, quantity: 2 }] });
    await report(order.id, { ...shipment, lines: [{ sku: SKU, quantity: 2 }] }, 200);
    const over = await erp.post(`/api/admin/orders/${order.id}/events`, {
      data: { type: 'shipped', carrier: 'DHL', trackingNumber: 'X1', lines: [{ sku: SKU, quantity: 2 }] },
    });
    expect(over.status()).toBe(409);
    expect(((await over.json()) as { code: string }).code).toBe('SHIPPED_TOO_MANY');
    const invoiceNumber = `RE-${number}`;
    const pdf = await invoicePdf(invoiceNumber, number);
    await report(order.id, {
      type: 'invoiced',
      number: invoiceNumber,
      date: DOCUMENT_DATE,
      pdf: pdf.toString('base64'),
    });

    // The mails: carrier, number, tracking page, the parcel's lines and the order page; the invoice attached.
    const shippedMail = await mailbox.waitFor(email, new RegExp(`Sendungsnummer: ${TRACKING}`));
    expect(shippedMail.subject).toBe(`Ihre Bestellung ${number} ist unterwegs`);
    for (const fact of ['Versanddienstleister: DHL', DHL_PAGE, `2 × ${item.name} (${SKU})`])
      expect(shippedMail.text).toContain(fact);
    expect(mailedLink(shippedMail, `${HISTORY}/`)).toBe(`${HISTORY}/${order.id}`);
    const invoiceMail = await mailbox.waitFor(email, new RegExp(`Rechnung ${invoiceNumber}`));
    expect(invoiceMail.subject).toBe(`Rechnung ${invoiceNumber} zu Ihrer Bestellung ${number}`);
    expect(invoiceMail.text).toContain(`vom ${longDate('de', DOCUMENT_DATE)}`);
    expect(invoiceMail.attachments).toEqual([`invoice-${invoiceNumber}.pdf`]);
    expect(mailedLink(invoiceMail, `${HISTORY}/`)).toBe(`${HISTORY}/${order.id}`);

    // de, desktop: from the order history to the order, as the buyer clicks.
    await open(page, HISTORY);
    await page.getByRole('link', { name: number, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${HISTORY}/${order.id}$`));
    const parcel = `2 × ${item.name} (${SKU})`;
    for (const locale of ['de', 'en'] as const) {
      if (locale === 'en') await open(page, localePath('en', `${HISTORY}/${order.id}`));
      const invoiceLabel = msg(locale, 'order.documents.invoice', {
        number: invoiceNumber,
        date: longDate(locale, DOCUMENT_DATE),
      });
      const status = await expectTimeline(
        page,
        locale,
        [msg(locale, 'order.status.placed'), msg(locale, 'order.status.shipped'), msg(locale, 'order.status.invoiced')],
        parcel,
      );
      await expect(status.getByRole('link', { name: invoiceLabel })).toBeVisible();
      const documents = page.getByRole('region', { name: msg(locale, 'order.documents.heading') });
      await expect(documents.getByRole('link')).toHaveText([msg(locale, 'order.documents.confirmation'), invoiceLabel]);

      // The invoice is the ERP's PDF byte for byte; the confirmation is the shop's PDF of the order.
      const invoice = await fetchDocument(page, invoiceLabel);
      expect(invoice.body.equals(pdf), 'the downloaded invoice is the PDF the ERP sent').toBe(true);
      expect(invoice.headers['content-type']).toBe('application/pdf');
      expect(invoice.headers['content-disposition']).toContain(`filename="invoice-${invoiceNumber}.pdf"`);
      expect(invoice.headers['cache-control']).toBe('private, no-store');
      const confirmationPdf = await fetchDocument(page, msg(locale, 'order.documents.confirmation'));
      expect(confirmationPdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const printed = pdfText(confirmationPdf.body).join('\n');
      for (const value of document.pdf) expect(printed).toContain(value);
      await expectNoA11yViolations(page);
    }

    // The buyer's click downloads the invoice under the ERP's file name.
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('region', { name: msg('en', 'order.documents.heading') })
      .getByRole('link', { name: new RegExp(invoiceNumber) })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`invoice-${invoiceNumber}.pdf`);
    expect((await readFile((await download.path())!)).equals(pdf)).toBe(true);

    // A phone's width: the timeline and the documents fit without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('link', { name: msg('en', 'order.status.track', { number: TRACKING }) })).toBeVisible();
    await expectNoSidewaysScroll(page, 'order page with status');

    // Another customer gets the 404 of a made-up id for the order and its invoice.
    const other = await browser.newContext({ baseURL: BASE_URL });
    const login = await other.request.post('/api/auth/login', {
      data: { username: DEMO_FIXTURES.customers.normal.email, password: DEMO_FIXTURES.password },
    });
    expect(login.ok()).toBe(true);
    expect((await other.request.get(`${HISTORY}/${order.id}`)).status()).toBe(404);
    const href = await page
      .getByRole('region', { name: msg('en', 'order.documents.heading') })
      .getByRole('link', { name: new RegExp(invoiceNumber) })
      .getAttribute('href');
    expect((await other.request.get(href!)).status()).toBe(404);
    await other.close();
  });

  test("a guest's status mail opens the guest's order page in a fresh browser; an id without its secret is 404", async ({
    browser,
  }) => {
    const shopper = await browser.newContext({ baseURL: BASE_URL, extraHTTPHeaders: newClient() });
    const order = await placeOrder(shopper.request, 'en', 1);
    await shopper.close();
    const number = order.transactionnum;
    await report(order.id, { type: 'shipped', carrier: 'DHL', trackingNumber: TRACKING, note: 'Left at reception' });

    const mail = await mailbox.waitFor(order.email, new RegExp(`order ${number} has left`));
    expect(mail.subject).toBe(`Your order ${number} is on its way`);
    for (const fact of ['Carrier: DHL', `Tracking number: ${TRACKING}`, DHL_PAGE, 'Note: Left at reception'])
      expect(mail.text).toContain(fact);
    const link = mailedLink(mail, `/en/order/${order.id}`);
    expect(link).toMatch(/\?access=[\w-]{43}$/);
    // The confirmation's link is the same: the order page, no longer the thank-you page.
    const confirmation = await mailbox.waitFor(order.email, new RegExp(`Order number: ${number}`));
    expect(confirmation.subject).toContain(`Your order ${number}`);
    expect(mailedLink(confirmation, `/en/order/${order.id}`)).toBe(link);

    // A browser that never saw the shop: the id alone is the 404 page; the mailed link opens the order.
    const fresh = await browser.newContext({ baseURL: BASE_URL });
    const page = await fresh.newPage();
    expect((await page.goto(`/en/order/${order.id}`))?.status()).toBe(404);
    expect((await page.goto(`/en/order/${order.id}?access=${'A'.repeat(43)}`))?.status()).toBe(404);
    await open(page, link);
    await expect(page).toHaveURL(`${BASE_URL}/en/order/${order.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: msg('en', 'account.order.title', { number }) }),
    ).toBeVisible();
    const status = await expectTimeline(
      page,
      'en',
      [msg('en', 'order.status.placed'), msg('en', 'order.status.shipped')],
      `1 × ${order.cartInfo.cartItems[0]!.name} (${SKU})`,
    );
    await expect(status).toContainText(`${msg('en', 'order.status.note')}: Left at reception`);
    const confirmationPdf = await fetchDocument(page, msg('en', 'order.documents.confirmation'));
    expect(confirmationPdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectNoA11yViolations(page);
    // The cookie opens this order only: a made-up id is the same 404, in de too.
    expect((await page.goto(`/en/order/${randomUUID()}`))?.status()).toBe(404);
    expect((await page.goto(`/order/${randomUUID()}`))?.status()).toBe(404);
    await fresh.close();
  });
});
