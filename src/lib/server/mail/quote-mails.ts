// The quote mails (issue 37, item 1): the buyer who asked hears of every step in the quote's language
// (an answer comes with the quote as PDF, drawn like an order confirmation), and the shop's sales staff
// hear of every step a buyer takes, in German and English as the workspace's other mail. The quotes
// domain (src/lib/server/quotes/notify.ts) finds the recipients and sends after the step committed.
import type { Quote } from '#lib/quotes/contract.ts';
import { quoteDocument } from '#lib/quotes/document.ts';
import type { QuoteStep } from '#lib/quotes/rules.ts';
import { fill } from '#lib/i18n/format.ts';
import { LOCALE_TAGS } from '#lib/i18n/locales.ts';
import { loadMessages } from '#lib/i18n/translate.ts';
import { env } from '../env.ts';
import { shopUrl } from './account-mails.ts';
import { orderPdf } from './order-pdf.ts';
import { compose, localeOf } from './templates.ts';
import { MAIL_TEXTS } from './texts.ts';
import { sendMail } from './transport.ts';
import { QUOTE_MAIL_TEXTS } from './quote-texts.ts';

/** The quote as a PDF in its language: the answer mail's attachment and the account page's download. */
export async function quotePdf(quote: Quote, shop: string): Promise<{ filename: string; content: Buffer }> {
  const m = await loadMessages(quote.locale);
  const title = fill(m['quotes.pdfTitle'], { number: quote.number });
  const content = await orderPdf(quoteDocument(quote, m, LOCALE_TAGS[quote.locale]), {
    shop,
    title,
    createdAt: new Date(quote.updatedAt),
  });
  return { filename: `${title.replace(/[^\p{L}\p{N}-]+/gu, '-')}.pdf`, content };
}

/** The step's message, if the step just taken wrote one. */
const messageOf = (quote: Quote, step: QuoteStep): string => {
  const last = quote.history.at(-1);
  return last && last.kind === step ? last.body : '';
};

export async function sendQuoteBuyerMail(quote: Quote, step: QuoteStep, to: string, shop: string): Promise<void> {
  const locale = localeOf(quote.locale);
  const t = QUOTE_MAIL_TEXTS[locale];
  const common = MAIL_TEXTS[locale];
  const values = { name: quote.requestedBy ?? quote.company, shop, number: quote.number };
  const message = messageOf(quote, step);
  const validity =
    step === 'answer' && quote.validUntil
      ? [
          fill(t.validUntil, {
            date: new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
              new Date(`${quote.validUntil}T00:00:00Z`),
            ),
          }),
        ]
      : [];
  const mail = compose(
    { email: to, firstName: '', lastName: '', locale },
    fill(t[step].subject, values),
    [
      fill(common.greeting, values),
      fill(t[step].intro, values),
      ...validity,
      ...(message ? [`${t.message}\n${message}`] : []),
    ],
    { label: t.action, url: shopUrl(locale, `/my-account/quotes/${quote.number}`) },
    [],
    fill(common.signature, values),
  );
  const attachments = step === 'answer' ? [{ ...(await quotePdf(quote, shop)), contentType: 'application/pdf' }] : [];
  await sendMail({ ...mail, attachments });
}

export async function sendQuoteStaffMails(
  quote: Quote,
  step: QuoteStep,
  staff: readonly string[],
  shop: string,
): Promise<void> {
  const de = QUOTE_MAIL_TEXTS.de.staff;
  const en = QUOTE_MAIL_TEXTS.en.staff;
  const values = { number: quote.number, company: `${quote.company} (${quote.customerNumber})`, shop };
  const message = messageOf(quote, step);
  const url = `${env().SITE_URL.replace(/\/+$/, '')}/admin/quotes?number=${encodeURIComponent(quote.number)}`;
  for (const email of staff)
    await sendMail(
      compose(
        { email, firstName: '', lastName: '', locale: 'de' },
        `${fill(de[step], values)} / ${fill(en[step], values)}`,
        [fill(de[step], values), fill(en[step], values), ...(message ? [message] : [])],
        { label: `${de.action} / ${en.action}`, url },
        [],
        shop,
      ),
    );
}
