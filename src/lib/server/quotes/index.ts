// The quotes domain's public face (issue 37, item 1), wired to the process database: the endpoints
// under src/pages/api/account/quotes and src/pages/api/admin/quotes, the account pages' loaders and the
// quote PDF download.
import { getDb } from '../db/index.ts';
import { currentShopper } from '../shopper.ts';
import { rawEndpoint } from '../http.ts';
import { shopTitle } from '../auth/index.ts';
import { requestLocale } from '../request-locale.ts';
import { endpoint } from '../http.ts';
import { quoteChanges, quotesRoutes, staffQuoteChanges, type QuotesDeps } from './handlers.ts';
import { quotesPages } from './page.ts';
import { quotePdf } from '../mail/index.ts';
import { readQuote } from './read.ts';
import { quoteNotFound } from './writes.ts';
import { QUOTE_NUMBER_PATTERN } from '#lib/quotes/rules.ts';

export { QUOTES_PATH, type QuotesListView, type QuoteView } from './page.ts';

const deps: QuotesDeps = { db: getDb, shopper: currentShopper };
const changes = quoteChanges(deps);

/** The endpoints under src/pages/api/account/quotes, and the PDF a link opens (GET …/pdf?number=Q1001). */
export const quotes = {
  ...quotesRoutes(deps),
  pdf: rawEndpoint(async (context) => {
    const { db, actor } = await changes.buyer(context, false);
    const number = context.url.searchParams.get('number') ?? '';
    const locale = requestLocale(context);
    const quote = QUOTE_NUMBER_PATTERN.test(number)
      ? await readQuote(db, { customerId: actor.customerId }, number, locale, new Date())
      : null;
    if (!quote) throw quoteNotFound();
    const { filename, content } = await quotePdf({ ...quote, locale }, await shopTitle(locale));
    return new Response(new Uint8Array(content), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'private, no-store',
      },
    });
  }),
};

/** The loaders of /my-account/quotes and /my-account/quotes/{number}. */
export const quotesPageViews = quotesPages(changes);

const staff = staffQuoteChanges();
/** The workspace's quote changes: its JSON endpoints and its page's forms. */
export const staffQuotes = { changes: staff, queue: endpoint(staff.queue), answer: endpoint(staff.answer) };
