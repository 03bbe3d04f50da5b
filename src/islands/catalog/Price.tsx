// A product's live price: loading spinner, loaded, hidden without a regular price (docs/prices.md).
import { displayPrices, priceDisplayState } from '#lib/catalog/price.ts';
import { $prices, $pricesVisible, type PriceEntry } from '#lib/catalog/prices-store.ts';
import { fill } from '#lib/i18n/format.ts';
import { useClientStore } from '../shared/useClientStore.ts';

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
   * The guest (public) price rendered with the page, shown until the live price arrives; the live one
   * (a signed-in customer's own) replaces it. Absent when guests may not see prices.
   */
  initial?: Extract<PriceEntry, { state: 'loaded' }>['priceInfo'] | undefined;
}

export function Price({ sku, intlLocale, strings, startingAt = false, showLabel = false, initial }: PriceProps) {
  // The static HTML shows the loading state, or the initial price; live prices only after mounting (see
  // useClientStore). The first price shown starts the page's one batched price request (see prices-store).
  const live = useClientStore($prices, {})[sku];
  const entry = initial && (!live || live.state === 'loading') ? { state: 'loaded' as const, priceInfo: initial, stock: null } : live;
  const { visible, excludeTax } = useClientStore($pricesVisible, { visible: null, excludeTax: false });

  if (visible === false) return <p className="price-login-note">{strings.loginToSee}</p>;
  const display = priceDisplayState(entry);
  if (display === 'loading') {
    return <span className="price price-loading" role="status"><span className="spinner" aria-hidden="true" /><span className="visually-hidden">{strings.loading}</span></span>;
  }
  if (display === 'hidden' || entry?.state !== 'loaded') return null;

  const shown = displayPrices(entry.priceInfo, { locale: intlLocale, freeLabel: strings.free });
  const wrap = (text: string) => (startingAt ? fill(strings.startingAt, { price: text }) : text);
  // The best-price rule says which price applies; a contract price is "Your price", not a promotion.
  const label = entry.priceInfo?.source === 'contract' && strings.yourPrice ? strings.yourPrice : strings.special;
  const taxNote = excludeTax && strings.taxNote ? strings.taxExcluded ?? strings.taxNote : strings.taxNote;
  return (
    <span className="price">
      {shown.hasSpecial && shown.displaySpecial ? (
        <>
          <span className="price-special">
            <span className={showLabel ? 'price-label' : 'visually-hidden'}>{label}: </span>{wrap(shown.displaySpecial)}
          </span>{' '}
          <s className="price-regular-struck"><span className="visually-hidden">{strings.regular}: </span>{shown.displayRegular}</s>
        </>
      ) : <span className="price-regular">{wrap(shown.displayRegular)}</span>}
      {taxNote && <small className="price-tax-note">{taxNote}</small>}
    </span>
  );
}
