// quotesApi.request (src/lib/quotes/contract.ts) says what this endpoint takes and answers.
import { quotes } from '#lib/server/quotes/index.ts';

export const POST = quotes.request;
