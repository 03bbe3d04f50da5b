// The terms a buyer accepts with the order button (docs/checkout.md): the terms content page as
// published when the order is placed, kept on the order as '<locale>@<version>' (orders.terms_version),
// so the merchant can show which wording applied to an order after the page has changed; and the
// page's address, which the confirmation mail and its PDF link.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { TERMS_PAGE } from '#lib/content/page-slugs.ts';
import { loadShell } from '../shell.ts';
import { siteUrl } from '../site-url.ts';

const TermsRow = z.object({ locale: z.string(), version: z.number() });

/**
 * The published terms page in the order's language, 'de@4', found as a content page is (the locale's
 * own row, else the all-languages row, which is written '*@4'); null when the shop has no terms page.
 * Read with the order's transaction, so the version stored is the one published when it commits.
 */
export async function acceptedTermsVersion(db: Db, locale: Locale): Promise<string | null> {
  // '' sorts before every locale: the locale's own row first, as findContent in content.ts picks it.
  const [row] = await rows(
    db,
    TermsRow,
    sql`
    SELECT locale, version FROM content_blocks
    WHERE type = 'page' AND identifier = ${TERMS_PAGE} AND locale IN (${locale}, '')
    ORDER BY locale DESC LIMIT 1`,
  );
  return row ? `${row.locale || '*'}@${row.version}` : null;
}

/** The terms page in this language as an absolute address, as the shop's footer links it. */
export async function termsUrl(locale: Locale): Promise<string> {
  const { termsHref } = await loadShell(locale);
  return new URL(termsHref, siteUrl()).toString();
}
