// Where each quote operation lives: method and path only (see src/lib/http/route.ts).
import { route } from '../http/route.ts';

export const quoteRoutes = {
  list: route('GET', '/api/account/quotes'),
  show: route('GET', '/api/account/quotes/show'),
  request: route('POST', '/api/account/quotes/request'),
  ask: route('POST', '/api/account/quotes/ask'),
  accept: route('POST', '/api/account/quotes/accept'),
  decline: route('POST', '/api/account/quotes/decline'),
} as const;

/** A quote as a PDF (outside the JSON contracts: a link opens it): ?number=Q1001&locale=en. */
export const QUOTE_PDF_PATH = '/api/account/quotes/pdf';

export const staffQuoteRoutes = {
  queue: route('GET', '/api/admin/quotes'),
  answer: route('POST', '/api/admin/quotes/answer'),
} as const;
