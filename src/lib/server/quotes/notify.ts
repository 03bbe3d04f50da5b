// Who hears of a quote's step (src/lib/server/mail/quote-mails.ts writes the mails): the user who asked
// (their company's address once that user is gone) of every step, and the shop's active sales staff and
// admins of every step a buyer takes. Run after the step committed, in the background.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Quote } from '#lib/quotes/contract.ts';
import type { QuoteStep } from '#lib/quotes/rules.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { shopTitle } from '../auth/index.ts';
import { localeOf, sendQuoteBuyerMail, sendQuoteStaffMails } from '../mail/index.ts';
import { readQuote } from './read.ts';

const EmailRow = z.object({ email: z.string() });

export async function sendQuoteMails(db: Db, seen: Pick<Quote, 'number' | 'locale'>, step: QuoteStep): Promise<void> {
  const locale = localeOf(seen.locale);
  const quote = await readQuote(db, { staff: true }, seen.number, locale, new Date());
  if (!quote) return;
  const [company] = await rows(db, EmailRow, sql`SELECT email FROM customers WHERE id = ${quote.customerId}`);
  const to = quote.requesterEmail ?? company?.email;
  if (to) await sendQuoteBuyerMail(quote, step, to, await shopTitle(locale));
  if (step === 'answer') return;
  const staff = await rows(
    db,
    EmailRow,
    sql`SELECT email FROM staff_users WHERE role IN ('sales', 'admin') AND disabled_at IS NULL ORDER BY id`,
  );
  await sendQuoteStaffMails(
    quote,
    step,
    staff.map((s) => s.email),
    await shopTitle('de'),
  );
}
