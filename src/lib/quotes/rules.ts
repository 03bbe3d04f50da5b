// The rules of a quote's life (issue 37, item 1), pure so the server, the pages and the tests share them:
//
//   requested ──staff answer──▶ answered ──buyer accepts──▶ accepted ──order placed──▶ ordered
//       ▲                         │  │ staff revise (answered again)        │
//       └────── buyer asks again ─┘  └──────── buyer declines ──▶ declined ◀┘ (also from requested)
//
// A quote's prices may be ordered only while it is accepted and its last valid day has not passed
// (the day in UTC, as the shop keeps no time zone per customer); past it the quote is expired, which
// is no status of its own but read from the date, so nothing has to run at midnight.

export const QUOTE_STATUSES = ['requested', 'answered', 'accepted', 'declined', 'ordered'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The steps of a quote's history, each one row of it, one webhook event and one mail. */
export type QuoteStep = 'request' | 'answer' | 'ask' | 'accept' | 'decline';

/** Lines a quote may ask about (a cart holds up to 1,000; a quote is a negotiation, not a bulk order). */
export const MAX_QUOTE_LINES = 200;
export const MAX_QUOTE_MESSAGE_LENGTH = 2000;
/** How far ahead staff may promise a price: a year. */
export const MAX_VALIDITY_DAYS = 366;
/** Quote numbers as the buyer sees them. */
export const QUOTE_NUMBER_PATTERN = /^Q\d{4,12}$/;

/** The day `at` falls on in UTC, as YYYY-MM-DD (how valid-until dates are stored and compared). */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Whether a quote's prices have run out by `now`: answered or accepted, and its last day is past. */
export function isExpired(quote: { status: QuoteStatus; validUntil: string | null }, now: Date): boolean {
  const running = quote.status === 'answered' || quote.status === 'accepted';
  return running && quote.validUntil !== null && quote.validUntil < utcDay(now);
}

/** What the buyer may do with a quote now. */
export function buyerSteps(quote: { status: QuoteStatus; validUntil: string | null }, now: Date) {
  const expired = isExpired(quote, now);
  return {
    accept: quote.status === 'answered' && !expired,
    /** Ask for a (new) answer: after an answer, also an expired one. */
    ask: quote.status === 'answered' || (quote.status === 'accepted' && expired),
    decline: quote.status === 'requested' || quote.status === 'answered' || quote.status === 'accepted',
  };
}

/** Whether staff may answer (or revise their answer): until the buyer accepts, declines or orders. */
export const staffMayAnswer = (status: QuoteStatus): boolean => status === 'requested' || status === 'answered';

/** Whether a cart line's quoted price applies (src/lib/server/quotes/cart-prices.ts reads the inputs). */
export function quotedPriceApplies(
  quote: { status: QuoteStatus; validUntil: string | null; customerId: string; currency: string; quantity: number },
  line: { customerId: string | null; currency: string; quantity: number },
  now: Date,
): boolean {
  return (
    quote.status === 'accepted' &&
    !isExpired(quote, now) &&
    quote.customerId === line.customerId &&
    quote.currency === line.currency &&
    quote.quantity === line.quantity
  );
}
