// Quote requests as state changes, each defined once (quotesApi and staffQuoteApi in
// src/lib/quotes/contract.ts): the endpoints under src/pages/api/account/quotes and
// src/pages/api/admin/quotes answer them as JSON, and the account's and the workspace's quote pages take
// them as plain forms (page.ts, workspace-page.ts). Reading needs a signed-in user of the company;
// asking, accepting and declining need the permission to order; answering needs sales staff (or an
// admin). After a step commits, its mails go out in the background (mails.ts).
import type { AstroCookies } from 'astro';
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { quotesApi, staffQuoteApi, type Quote } from '#lib/quotes/contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { endpoint, stateChange } from '../http.ts';
import { BUDGETS } from '../client-budget.ts';
import { authorize, signedIn } from '../auth/index.ts';
import type { Shopper } from '../shopper.ts';
import { requestLocale } from '../request-locale.ts';
import { staffChange } from '../admin/index.ts';
import { inBackground } from '../mail/index.ts';
import { listQuotes, readQuote } from './read.ts';
import { linesOfVisibleList } from '../requisition-lists/index.ts';
import {
  acceptQuote,
  cartLinesToQuote,
  answerQuote,
  askAgain,
  declineQuote,
  quoteNotFound,
  requestQuote,
  type QuoteActor,
  type StepKind,
} from './writes.ts';
import { sendQuoteMails } from './notify.ts';

export interface QuotesDeps {
  db(): Promise<Db>;
  shopper(cookies: AstroCookies, url?: URL): Promise<Pick<Shopper, 'customerId' | 'user'>>;
  now?(): Date;
}

/** What a change needs of its request: the session's cookies, the address and the headers for the language. */
export interface QuotesRequest {
  cookies: AstroCookies;
  url: URL;
  request: Request;
}

/** The most quotes a list shows (a company with more sees its newest). */
const LIST_LIMIT = 200;
const NameRow = z.object({ name: z.string() });

export function quoteChanges(deps: QuotesDeps) {
  const now = () => deps.now?.() ?? new Date();

  /** The signed-in user's company and, for a change, the user as the actor of the step. */
  async function buyer(req: QuotesRequest, change: boolean) {
    const shopper = await deps.shopper(req.cookies, req.url);
    const user = change ? authorize(shopper, 'order') : signedIn(shopper);
    const db = await deps.db();
    const [found] = await rows(db, NameRow, sql`SELECT name FROM customer_users WHERE id = ${user.user.id}`);
    const actor: Extract<QuoteActor, { kind: 'buyer' }> = {
      kind: 'buyer',
      customerId: user.customerId,
      userId: user.user.id,
      name: found?.name ?? '',
    };
    const owner = { customerId: user.customerId, userId: user.user.id, guestCartId: null };
    return { db, actor, owner };
  }

  /** The quote as the company sees it after a step, and the step's mails sent once it committed. */
  async function after(
    db: Db,
    customerId: string,
    number: string,
    step: StepKind,
    locale: Locale,
  ): Promise<{ quote: Quote }> {
    const quote = await readQuote(db, { customerId }, number, locale, now());
    if (!quote) throw quoteNotFound();
    inBackground(`quote ${step} mails`, () => sendQuoteMails(db, quote, step));
    return { quote };
  }

  return {
    buyer,
    now,
    request: stateChange(
      quotesApi.request,
      async (body, req: QuotesRequest) => {
        const { db, actor, owner } = await buyer(req, true);
        const locale = requestLocale(req, body.locale);
        const lines = body.list ? await linesOfVisibleList(db, actor, body.list) : await cartLinesToQuote(db, owner);
        const number = await requestQuote(db, actor, { lines, locale, comment: body.comment });
        return after(db, actor.customerId, number, 'request', locale);
      },
      { budget: BUDGETS.quoteRequests },
    ),
    ask: stateChange(
      quotesApi.ask,
      async (body, req: QuotesRequest) => {
        const { db, actor } = await buyer(req, true);
        await askAgain(db, actor, body);
        return after(db, actor.customerId, body.number, 'ask', requestLocale(req, body.locale));
      },
      { budget: BUDGETS.quoteRequests },
    ),
    accept: stateChange(quotesApi.accept, async (body, req: QuotesRequest) => {
      const { db, actor, owner } = await buyer(req, true);
      await acceptQuote(db, actor, { ...body, owner }, now());
      return after(db, actor.customerId, body.number, 'accept', requestLocale(req, body.locale));
    }),
    decline: stateChange(quotesApi.decline, async (body, req: QuotesRequest) => {
      const { db, actor } = await buyer(req, true);
      await declineQuote(db, actor, body);
      return after(db, actor.customerId, body.number, 'decline', requestLocale(req, body.locale));
    }),
  };
}
export type QuoteChanges = ReturnType<typeof quoteChanges>;

export function quotesRoutes(deps: QuotesDeps) {
  const changes = quoteChanges(deps);
  return {
    list: endpoint(quotesApi.list, async (_query, req) => {
      const { db, actor } = await changes.buyer(req, false);
      return {
        quotes: await listQuotes(db, { customerId: actor.customerId }, { limit: LIST_LIMIT, now: changes.now() }),
      };
    }),
    show: endpoint(quotesApi.show, async (query, req) => {
      const { db, actor } = await changes.buyer(req, false);
      const quote = await readQuote(
        db,
        { customerId: actor.customerId },
        query.number,
        requestLocale(req, query.locale),
        changes.now(),
      );
      if (!quote) throw quoteNotFound();
      return { quote };
    }),
    request: endpoint(changes.request),
    ask: endpoint(changes.ask),
    accept: endpoint(changes.accept),
    decline: endpoint(changes.decline),
  };
}

/** The workspace's side: the queue and staff's answer, for sales staff and admins. */
export function staffQuoteChanges(deps: Pick<QuotesDeps, 'now'> = {}) {
  const now = () => deps.now?.() ?? new Date();
  return {
    queue: staffChange(staffQuoteApi.queue, 'sales', async ({ status }, { db }) => {
      const quotes = await listQuotes(db, { staff: true }, { status, limit: LIST_LIMIT + 1, now: now() });
      return { quotes: quotes.slice(0, LIST_LIMIT), limited: quotes.length > LIST_LIMIT };
    }),
    answer: staffChange(staffQuoteApi.answer, 'sales', async (body, { db, actor }) => {
      await answerQuote(db, { kind: 'staff', staffId: actor.id, name: actor.email }, body, now());
      const quote = await readQuote(db, { staff: true }, body.number, 'en', now());
      if (!quote) throw quoteNotFound();
      inBackground('quote answer mails', () => sendQuoteMails(db, quote, 'answer'));
      return { quote };
    }),
  };
}
