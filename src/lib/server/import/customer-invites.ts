// The activation mail for the customers an import created, when whoever ran it asked for it: the shop's
// own create-password mail (the link that sets the first password, as for any account made for a
// customer). Sent only once the import's writes are committed, so no mail names an account a rollback
// took back; a customer that has a password by then, or no longer exists, gets none.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customerUsers, customers } from '../db/schema.ts';
import { issuePasswordToken, shopTitle } from '../auth/index.ts';
import { sendPasswordLinkMail } from '../mail/index.ts';
import { logger } from '../log.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#lib/i18n/locales.ts';
import type { SourcePosition } from '#lib/import/record-contract.ts';
import type { ReportLine } from './report.ts';

/** A customer the import created, and where in its file the record was. */
export interface NewCustomer {
  id: string;
  at: SourcePosition;
}

/** Customers looked up per query. */
const CHUNK = 500;

/**
 * Mails each new customer its link; the number sent, and a report line for each mail that failed (the
 * import itself stands: the customer can still ask for a link with "forgot your password").
 */
export async function inviteCustomers(
  db: Db,
  created: readonly NewCustomer[],
): Promise<{ sent: number; failed: (ReportLine & { id: string })[] }> {
  const titles = new Map<Locale, Promise<string>>();
  const title = (locale: Locale) => titles.get(locale) ?? titles.set(locale, shopTitle(locale)).get(locale)!;
  const failed: (ReportLine & { id: string })[] = [];
  let sent = 0;
  for (let i = 0; i < created.length; i += CHUNK) {
    const chunk = created.slice(i, i + CHUNK);
    // A customer without a password is one whose primary user (the customer's own id) has none.
    const rows = await db
      .select({ customer: customers })
      .from(customers)
      .innerJoin(customerUsers, eq(customerUsers.id, customers.id))
      .where(
        and(
          inArray(
            customers.id,
            chunk.map((c) => c.id),
          ),
          isNull(customerUsers.passwordHash),
        ),
      );
    const byId = new Map(rows.map(({ customer }) => [customer.id, customer]));
    for (const { id, at } of chunk) {
      const customer = byId.get(id);
      if (!customer) continue;
      try {
        const token = await issuePasswordToken(db, id, 'create');
        const locale = isLocale(customer.locale) ? customer.locale : DEFAULT_LOCALE;
        await sendPasswordLinkMail('create', customer, token, await title(locale));
        sent++;
      } catch (error) {
        logger.error({ err: error, customer: id }, 'import: activation mail failed');
        failed.push({
          ...at,
          id: customer.customernum,
          field: 'email',
          reason: `The activation mail could not be sent (${(error as Error).message}); the customer can ask for a link with “forgot your password”.`,
        });
      }
    }
  }
  return { sent, failed };
}
