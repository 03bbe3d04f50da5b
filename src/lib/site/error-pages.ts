// Which error page a failed request gets: 'Page not found' for a path of a known route, the
// router's own 404 elsewhere (see docs/errors.md).
import { stripLocale } from './paths.ts';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../i18n/locales.ts';

/** Paths that belong to a route of the shop; a miss there is "page not found", elsewhere the router's own 404. */
const ROUTE_PATTERNS = [
  /^\/$/,
  /^\/c(\/[^/]+){1,5}$/,
  /^\/p\/[^/]+\/[^/]+$/,
  /^\/i\/[^/]+$/,
  /^\/[^/]+$/,
  /^\/my-account(\/[^/]+)?$/,
  /^\/checkout(\/[^/]+){0,2}$/,
  /^\/pay\/[^/]+(\/[^/]+)?$/,
  /^\/order-payment\/[^/]+\/[^/]+$/,
];

export type ErrorKind = 'not-found' | 'router-not-found' | 'bad-request' | 'error';

export function classifyMiss(pathname: string): { locale: Locale; kind: ErrorKind } {
  const { locale, path } = stripLocale(pathname.replace(/\/+$/, '') || '/', LOCALES);
  return {
    locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
    kind: ROUTE_PATTERNS.some((p) => p.test(path)) ? 'not-found' : 'router-not-found',
  };
}

/** The error page status: a valid HTTP error status, else 500. */
export function errorStatus(value: unknown): number {
  const status = typeof value === 'number' ? value : Number.NaN;
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

/** The reason phrase of an error status ("Not Found"), so no error answers with "404 OK". */
export function statusText(status: number): string {
  return STATUS_TEXTS[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}

const STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
