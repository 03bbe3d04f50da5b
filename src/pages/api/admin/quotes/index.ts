// staffQuoteApi.queue (src/lib/quotes/contract.ts) says what this endpoint takes and answers.
import { staffQuotes } from '#lib/server/quotes/index.ts';

export const GET = staffQuotes.queue;
