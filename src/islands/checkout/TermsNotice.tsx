// The terms the shopper accepts, linked right above 'Place order'. The page opens in a new tab, so
// the checkout in progress stays where it is; the link says so to screen readers.
import type { Strings } from './strings.ts';

export const TERMS_NOTICE_KEYS = ['checkout.termsNotice', 'checkout.termsLink', 'checkout.newTab'] as const;

export function TermsNotice({ href, strings }: { href: string; strings: Strings<(typeof TERMS_NOTICE_KEYS)[number]> }) {
  const [before, after] = strings['checkout.termsNotice'].split('{{link}}');
  return (
    <p className="checkout-terms">
      {before}
      <a href={href} target="_blank" rel="noopener">
        {strings['checkout.termsLink']}
        <span className="visually-hidden"> {strings['checkout.newTab']}</span>
      </a>
      {after}
    </p>
  );
}
