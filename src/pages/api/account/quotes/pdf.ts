// A quote as a PDF in the page's language (a link opens it; outside the JSON contracts): ?number=Q1001.
import { quotes } from '#lib/server/quotes/index.ts';

export const GET = quotes.pdf;
