// Every step of a quote by mail: the buyer who asked hears of each one in the quote's language (an
// answer comes with the quote as PDF), and the shop's sales staff (and admins) hear of every step a
// buyer takes, in German and English as the workspace's other mail. Sent after the step committed.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Quote } from '#lib/quotes/contract.ts';
import { quoteDocument } from '#lib/quotes/document.ts';
import { fill } from '#lib/i18n/format.ts';
import { LOCALE_TAGS, type Locale } from '#lib/i18n/locales.ts';
import { loadMessages } from '#lib/i18n/translate.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { env } from '../env.ts';
import { shopTitle } from '../auth/index.ts';
import { shopUrl } from '../mail/account-mails.ts';
import { orderPdf } from '../mail/order-pdf.ts';
import { compose, localeOf } from '../mail/templates.ts';
import { MAIL_TEXTS } from '../mail/texts.ts';
import { sendMail } from '../mail/transport.ts';
import { readQuote } from './read.ts';
import type { StepKind } from './writes.ts';
import { QUOTE_MAIL_TEXTS } from './mail-texts.ts';

const StaffRow = z.object({ email: z.string() });
const CompanyMailRow = z.object({ email: z.string() });

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

async function buyerMail(db: Db, quote: Quote & { customerId: string; requesterEmail: string | null }, step: StepKind) {
  const locale: Locale = localeOf(quote.locale);
  const t = QUOTE_MAIL_TEXTS[locale];
  const common = MAIL_TEXTS[locale];
  const shop = await shopTitle(locale);
  // The user who asked; their company's address once that user is gone.
  const [company] = await rows(db, CompanyMailRow, sql`SELECT email FROM customers WHERE id = ${quote.customerId}`);
  const to = quote.requesterEmail ?? company?.email;
  if (!to) return;
  const values = { name: quote.requestedBy ?? quote.company, shop, number: quote.number };
  const last = quote.history.at(-1);
  const message = last && last.kind === step && last.body ? [`${t.message}\n${last.body}`] : [];
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
    [fill(common.greeting, values), fill(t[step].intro, values), ...validity, ...message],
    { label: t.action, url: shopUrl(locale, `/my-account/quotes/${quote.number}`) },
    [],
    fill(common.signature, values),
  );
  const attachments = step === 'answer' ? [{ ...(await quotePdf(quote, shop)), contentType: 'application/pdf' }] : [];
  await sendMail({ ...mail, attachments });
}

async function staffMails(db: Db, quote: Quote, step: StepKind) {
  const staff = await rows(
    db,
    StaffRow,
    sql`SELECT email FROM staff_users WHERE role IN ('sales', 'admin') AND disabled_at IS NULL ORDER BY id`,
  );
  const shop = await shopTitle('de');
  const de = QUOTE_MAIL_TEXTS.de.staff;
  const en = QUOTE_MAIL_TEXTS.en.staff;
  const values = { number: quote.number, company: `${quote.company} (${quote.customerNumber})`, shop };
  const last = quote.history.at(-1);
  const url = `${env().SITE_URL.replace(/\/+$/, '')}/admin/quotes?number=${encodeURIComponent(quote.number)}`;
  for (const { email } of staff)
    await sendMail(
      compose(
        { email, firstName: '', lastName: '', locale: 'de' },
        `${fill(de[step], values)} / ${fill(en[step], values)}`,
        [fill(de[step], values), fill(en[step], values), ...(last?.body ? [last.body] : [])],
        { label: `${de.action} / ${en.action}`, url },
        [],
        shop,
      ),
    );
}

/** The mails of a step just committed: the buyer's, and staff's for the buyer's own steps. */
export async function sendQuoteMails(db: Db, seen: Quote, step: StepKind): Promise<void> {
  const quote = await readQuote(db, { staff: true }, seen.number, localeOf(seen.locale), new Date());
  if (!quote) return;
  await buyerMail(db, quote, step);
  if (step !== 'answer') await staffMails(db, quote, step);
}
