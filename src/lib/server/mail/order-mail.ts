// The order confirmation email as a B2B buyer files it: the order document (number, date, PO number,
// addresses, lines with item numbers, units and net prices, net totals, VAT per rate, the total, the
// tax note and the payment method, src/lib/orders/document.ts), the payment terms, and the link to
// the order.
import { buyerName, ORDER_MAIL_TEXTS, type OrderMailTexts } from './order-texts.ts';
import { fill } from '#lib/i18n/format.ts';
import { compose, escapeHtmlText, localeOf } from './templates.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { documentBlocks } from './order-document-blocks.ts';
import { orderPdf } from './order-pdf.ts';
import { orderDocument } from '#lib/orders/document.ts';
import { loadMessages } from '#lib/i18n/translate.ts';
import { LOCALE_TAGS } from '#lib/i18n/locales.ts';
import { shopUrl } from './account-mails.ts';
import { sendMail, type SentMail } from './transport.ts';
import type { Order } from '#lib/checkout/contract.ts';
import type { InvoiceSetting } from '#lib/content/schemas.ts';
import { getContent } from '../content.ts';
import { ORDER_ACCESS_PARAM } from '#lib/orders/access.ts';

/** The terms and the account to pay to, for an unpaid invoice order (nothing when the shop set none). */
function invoiceParagraphs(t: OrderMailTexts, invoice: InvoiceSetting | null, number: string): string[] {
  if (!invoice) return [];
  const account = [
    `${t.accountHolder}: ${invoice.accountHolder}`,
    `${t.iban}: ${invoice.iban}`,
    `${t.bic}: ${invoice.bic}`,
    ...(invoice.bankName ? [`${t.bank}: ${invoice.bankName}`] : []),
    `${t.reference}: ${number}`,
  ];
  return [fill(t.invoiceTerms, { days: invoice.dueDays }), `${t.bankDetails}:\n${account.join('\n')}`];
}

/**
 * Where the mail's button leads: a customer's order to its page in the account (sign-in first); a
 * guest order to its order page with its mail token (src/lib/server/orders/access.ts), which that page
 * turns into a cookie before it redirects to the address without it.
 */
export function orderLink(order: Order, locale: string, access: string | null): string {
  if (order.hasAccount) return shopUrl(locale, `/my-account/order-history/${order.id}`);
  const page = shopUrl(locale, `/order/${order.id}`);
  return access ? `${page}?${ORDER_ACCESS_PARAM}=${encodeURIComponent(access)}` : page;
}

/** The sentence that names the terms, and their address; none when the caller has no address. */
const termsLink = (language: Locale, url: string | null) =>
  url ? { label: ORDER_MAIL_TEXTS[language].terms, url } : null;

/** @internal Exported for tests. */
export async function orderConfirmationMail(
  order: Order,
  locale: string,
  shop: string,
  invoice: InvoiceSetting | null = null,
  access: string | null = null,
  terms: string | null = null,
) {
  const language = localeOf(locale);
  const t = ORDER_MAIL_TEXTS[language];
  const messages = await loadMessages(language);
  const values = {
    name: buyerName(order),
    shop,
    number: order.transactionnum,
  };
  const doc = orderDocument(order, messages, language, LOCALE_TAGS[language]);
  const byInvoice = order.paymentMethodCode === 'invoice';
  const note = byInvoice ? t.invoice : order.paymentStatus === 'awaiting' ? t.awaiting : null;
  const payTo = byInvoice && order.paymentStatus !== 'paid' ? invoiceParagraphs(t, invoice, order.transactionnum) : [];
  const link = termsLink(language, terms);
  const mail = compose(
    { email: order.email, firstName: '', lastName: '', locale },
    fill(t.subject, values),
    [
      fill(t.greeting, values),
      t.intro,
      ...documentBlocks(doc),
      ...(note ? [note] : []),
      ...payTo,
      ...(link
        ? [
            {
              text: `${link.label}:\n${link.url}`,
              html: `<p>${escapeHtmlText(link.label)}: <a href="${escapeHtmlText(link.url)}">${escapeHtmlText(link.url)}</a></p>`,
            },
          ]
        : []),
    ],
    { label: t.action, url: orderLink(order, locale, access) },
    [],
    fill(t.signature, values),
  );
  // The same document as a PDF to file (src/lib/server/mail/order-pdf.ts).
  const { filename, content } = await confirmationPdf(order, locale, shop, terms);
  return { ...mail, attachments: [{ filename, content, contentType: 'application/pdf' }] };
}

/** The order confirmation as a PDF: the mail's attachment and the order page's download alike. */
export async function confirmationPdf(
  order: Order,
  locale: string,
  shop: string,
  terms: string | null,
): Promise<{ filename: string; content: Buffer }> {
  const language = localeOf(locale);
  const doc = orderDocument(order, await loadMessages(language), language, LOCALE_TAGS[language]);
  const title = fill(ORDER_MAIL_TEXTS[language].document, { shop, number: order.transactionnum });
  const content = await orderPdf(doc, {
    shop,
    title,
    createdAt: new Date(order.createdDate),
    ...(terms ? { terms: termsLink(language, terms)! } : {}),
  });
  return { filename: `${title.replace(/[^\p{L}\p{N}-]+/gu, '-')}.pdf`, content };
}

export async function sendOrderConfirmationMail(
  order: Order,
  locale: string,
  shop: string,
  access: string | null,
  terms: string | null,
): Promise<SentMail> {
  const invoice =
    order.paymentMethodCode === 'invoice'
      ? ((await getContent('setting:invoice', localeOf(locale)))?.config ?? null)
      : null;
  return sendMail(await orderConfirmationMail(order, locale, shop, invoice, access, terms));
}
