// Old PascalCase addresses of the shop's routes (/Checkout, /MyAccount/OrderHistory, /en/SearchDetails?term=x)
// still reach their page: they answer 301 to the canonical lower-case path, keeping the locale prefix
// and the query, so old bookmarks, mails and search results keep working.

/** First path segment of a legacy route → its canonical path. */
const LEGACY_ROOTS: Readonly<Record<string, string>> = {
  Home: '',
  Checkout: '/checkout',
  MyAccount: '/my-account',
  SearchDetails: '/search-details',
  CreatePassword: '/create-password',
  ResetPassword: '/reset-password',
  Pay: '/pay',
  OrderPayment: '/order-payment',
  OrderPaymentResponse: '/order-payment',
  ThankYou: '/checkout/thank-you',
  // The processing step under its old names (payment providers' return addresses in old orders).
  ProcessingOrder: '/checkout/checkout-processing',
  CheckoutProcessing: '/checkout/checkout-processing',
  CmsPage: '/i',
  Category: '/c',
  Product: '/p',
};

/** Routes whose sub-pages are PascalCase names too (Checkout/Shipping, MyAccount/OrderHistory). */
const NAMED_CHILDREN = new Set(['/checkout', '/my-account']);
const PREFIXED_LOCALES = new Set(['en', 'fr', 'es', 'it']);
const PASCAL = /^[A-Z][A-Za-z]*$/;

const kebab = (name: string): string => name.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase();

/** The canonical path (without query) for a legacy PascalCase path, or null when the path is not one. */
export function legacyRedirect(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const prefix = segments[0] && PREFIXED_LOCALES.has(segments[0]) ? `/${segments.shift()}` : '';
  const [first, ...rest] = segments;
  if (!first || !Object.hasOwn(LEGACY_ROOTS, first)) return null;
  const root = LEGACY_ROOTS[first]!;
  const children = NAMED_CHILDREN.has(root) ? rest.map((s) => (PASCAL.test(s) ? kebab(s) : s)) : rest;
  // Segments stay as they came (still percent-encoded): ids and slugs pass through untouched.
  const path = [root, ...children].join('/').replace(/\/{2,}/g, '/');
  return `${prefix}${path.startsWith('/') ? path : `/${path}`}`.replace(/(.)\/$/, '$1');
}
