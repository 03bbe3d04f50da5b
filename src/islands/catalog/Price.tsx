// A product's live price: loading spinner, loaded, hidden without a regular price (docs/prices.md).
import { displayPrices, priceDisplayState } from '#lib/catalog/price.ts';
import type { PublicPrices } from '#lib/catalog/page-prices.ts';
import { fill } from '#lib/i18n/format.ts';
import { usePriceEntry, usePricesVisible, useSeedPublicPrices } from './usePriceEntry.ts';

export interface PriceStrings {
  free: string;
  loading: string;
  loginToSee: string;
  regular: string;
  special: string;
  startingAt: string;
  taxNote?: string | undefined;
  /** Replaces taxNote for a customer excluded from taxation (tax.ACCOUNT_EXCLUDE). */
  taxExcluded?: string | undefined;
  /** Labels a contract price that undercuts the public one (price.yourPrice). */
  yourPrice?: string | undefined;
}

export interface PriceProps {
  sku: string;
  intlLocale: string;
  strings: PriceStrings;
  /** displayStartingPrice: show 'from …' for products with variants. */
  startingAt?: boolean;
  /** Show which price applies ("Special price", "Your price") as visible text, not only to screen readers. */
  showLabel?: boolean;
  /**
   * The public prices the page was rendered with, for a price that is an island of its own (inside
   * another island they come from its PublicPricesContext); shown until the live price arrives.
   */
  prices?: PublicPrices | undefined;
  /** What the price buys when that is not one piece ("per pack of 100 pieces"), said after the amount. */
  per?: string | null | undefined;
}

export function Price({ sku, intlLocale, strings, startingAt = false, showLabel = false, prices, per }: PriceProps) {
  // The static HTML shows the public price, or the loading state; live prices only after mounting (see
  // useClientStore). The first price shown starts the page's one batched price request (see prices-store).
  useSeedPublicPrices(prices);
  const entry = usePriceEntry(sku, prices);
  const { visible, excludeTax } = usePricesVisible(prices);

  if (visible === false) return <p className="price-login-note">{strings.loginToSee}</p>;
  const display = priceDisplayState(entry);
  if (display === 'loading') {
    return (
      <span className="price price-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{strings.loading}</span>
      </span>
    );
  }
  if (display === 'hidden' || entry?.state !== 'loaded') return null;

  const shown = displayPrices(entry.priceInfo, { locale: intlLocale, freeLabel: strings.free });
  const wrap = (text: string) => (startingAt ? fill(strings.startingAt, { price: text }) : text);
  // The best-price rule says which price applies; a contract price is "Your price", not a promotion.
  const label = entry.priceInfo?.source === 'contract' && strings.yourPrice ? strings.yourPrice : strings.special;
  const taxNote = excludeTax && strings.taxNote ? (strings.taxExcluded ?? strings.taxNote) : strings.taxNote;
  return (
    <span className="price">
      {shown.hasSpecial && shown.displaySpecial ? (
        <>
          <span className="price-special">
            <span className={showLabel ? 'price-label' : 'visually-hidden'}>{label}: </span>
            {wrap(shown.displaySpecial)}
          </span>{' '}
          <s className="price-regular-struck">
            <span className="visually-hidden">{strings.regular}: </span>
            {shown.displayRegular}
          </s>
        </>
      ) : (
        <span className="price-regular">{wrap(shown.displayRegular)}</span>
      )}
      {per && <span className="price-per">{per}</span>}
      {taxNote && <small className="price-tax-note">{taxNote}</small>}
    </span>
  );
}
