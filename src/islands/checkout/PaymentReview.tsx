// The payment step's review of what the earlier steps stored: addresses and shipping method, each
// with an 'Edit' link back to its step.
import type { Locale } from '#lib/i18n/locales.ts';
import type { Cart } from '#lib/cart/contract.ts';
import { AddressView } from './AddressView.tsx';
import type { Strings } from './strings.ts';

export const REVIEW_KEYS = [
  'checkout.review',
  'checkout.edit',
  'checkout.shippingAddress',
  'checkout.billingAddress',
  'checkout.shippingMethod',
  'checkout.taxNote',
  'tax.ACCOUNT_EXCLUDE',
  'tax.ONESTOPSHOP_VATMATCH',
  'tax.ONESTOPSHOP_EU',
  'tax.ONESTOPSHOP_FOREIGN',
  'tax.FOREIGN',
  'tax.REVERSE_CHARGE',
] as const;

export interface PaymentReviewProps {
  cart: Pick<Cart, 'shippingAddress' | 'billingAddress' | 'shippingMethod' | 'taxNote'>;
  locale: Locale;
  /** The stored method's name in this language (the cart stores its code). */
  shippingMethodLabel: string | null;
  hrefs: { shipping: string; billing: string };
  strings: Strings<(typeof REVIEW_KEYS)[number]>;
}

export function PaymentReview({ cart, locale, shippingMethodLabel, hrefs, strings }: PaymentReviewProps) {
  const edit = (href: string) => ({ href, label: strings['checkout.edit'] });
  // Cross-border and tax-exempt orders say how VAT is handled: the server decided it with the tax
  // itself (src/lib/tax/regime.ts), so the note cannot disagree with the VAT in the totals.
  const { taxNote } = cart;
  return (
    <section className="checkout-review" aria-label={strings['checkout.review']}>
      <AddressView
        title={strings['checkout.shippingAddress']}
        address={cart.shippingAddress}
        locale={locale}
        edit={edit(hrefs.shipping)}
      />
      <div className="checkout-review-block">
        <h3>{strings['checkout.shippingMethod']}</h3>
        <p>{shippingMethodLabel ?? cart.shippingMethod?.methodCode}</p>
        <a href={hrefs.shipping} aria-label={`${strings['checkout.edit']}: ${strings['checkout.shippingMethod']}`}>
          {strings['checkout.edit']}
        </a>
      </div>
      <AddressView
        title={strings['checkout.billingAddress']}
        address={cart.billingAddress}
        locale={locale}
        edit={edit(hrefs.billing)}
      />
      {taxNote && (
        <div className="checkout-review-block">
          <h3>{strings['checkout.taxNote']}</h3>
          <p className="checkout-tax-note">{strings[`tax.${taxNote}`]}</p>
        </div>
      )}
    </section>
  );
}
