// /admin/customers (sales staff and admins): find a company user by name, e-mail, company or customer
// number, and open their session to order on their behalf (docs/accounts.md). The page is plain HTML:
// its search is a GET form, and each user's button posts the JSON endpoint's own state change.
import type { AstroGlobal } from 'astro';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { onBehalfApi } from '#lib/admin/on-behalf-contract.ts';
import type { Db } from '../db/client.ts';
import { customerUsers, customers } from '../db/schema.ts';
import { startOnBehalf } from '../auth/index.ts';
import { formAction, formField, submitPostedForm } from '../http-form.ts';
import { staffChange } from './staff-change.ts';

/** The most users one search shows: a sales user narrows the search rather than paging. */
export const CUSTOMER_SEARCH_LIMIT = 50;
/** A posted form holds one id. */
const MAX_FORM_BYTES = 1024;

export interface CustomerUserRow {
  userId: string;
  name: string;
  email: string;
  role: string;
  active: boolean;
  company: string;
  customernum: string;
}

/** '%' and '_' typed into the search are letters, not wildcards. */
const likeEscaped = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Company users whose name, e-mail, company or customer number contains `q` (all of them for ''), by company. */
export async function findCompanyUsers(db: Db, q: string): Promise<{ rows: CustomerUserRow[]; limited: boolean }> {
  const words = q.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const matches: SQL[] = words.map((word) =>
    or(
      ilike(customerUsers.name, likeEscaped(word)),
      ilike(customerUsers.email, likeEscaped(word)),
      ilike(customers.company, likeEscaped(word)),
      ilike(customers.customernum, likeEscaped(word)),
    )!,
  );
  const found = await db
    .select({
      userId: customerUsers.id,
      name: customerUsers.name,
      email: customerUsers.email,
      role: customerUsers.role,
      status: customerUsers.status,
      company: customers.company,
      customernum: customers.customernum,
    })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .where(and(...matches))
    .orderBy(asc(customers.company), asc(customers.customernum), asc(customerUsers.name))
    .limit(CUSTOMER_SEARCH_LIMIT + 1);
  const rows = found.slice(0, CUSTOMER_SEARCH_LIMIT).map(({ status, company, ...row }) => ({
    ...row,
    company: company ?? '',
    active: status === 'active',
  }));
  return { rows, limited: found.length > CUSTOMER_SEARCH_LIMIT };
}

/** Opening a user's session on their behalf: POST /api/admin/on-behalf and the customer list's buttons. */
export const onBehalfStart = staffChange(onBehalfApi.start, 'sales', ({ userId }, { db, actor }, context) =>
  startOnBehalf(db, actor, userId, context),
);

const startForm = formAction(onBehalfStart, { userId: formField.text('userId') });

/**
 * A posted "order on behalf" button: where the browser goes on (the shop, signed in as the user), or
 * the coded error to show above the list (the user was disabled meanwhile, the session expired).
 */
export async function startOnBehalfFromForm(
  astro: Pick<AstroGlobal, 'cookies' | 'request' | 'url' | 'clientAddress'>,
): Promise<{ location: string } | { code: string }> {
  const outcome = await submitPostedForm(startForm, astro, MAX_FORM_BYTES);
  return outcome.ok ? { location: outcome.result.location } : { code: outcome.error.code };
}
