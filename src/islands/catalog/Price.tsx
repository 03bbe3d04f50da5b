// A product's live price: loading spinner, loaded, hidden without a regular price (docs/prices.md).
import { displayPrices, priceDisplayState } from '#lib/catalog/price.ts';
import { $prices, $pricesVisible } from '#lib/catalog/prices-store.ts';
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
}

export interface PriceProps {
  sku: string;
  intlLocale: string;
  strings: PriceStrings;
  /** displayStartingPrice: show 'from …' for products with variants. */
  startingAt?: boolean;
}

export function Price({ sku, intlLocale, strings, startingAt = false }: PriceProps) {
  // The static HTML shows the loading state; live prices only after mounting (see useClientStore).
  // The first price shown starts the page's one batched price request (see prices-store).
  const entry = useClientStore($prices, {})[sku];
  const { visible } = useClientStore($pricesVisible, { visible: null });

  if (visible === false) return <p className="price-login-note">{strings.loginToSee}</p>;
  const display = priceDisplayState(entry);
  if (display === 'loading') {
    return <span className="price price-loading" role="status"><span className="spinner" aria-hidden="true" /><span className="visually-hidden">{strings.loading}</span></span>;
  }
  if (display === 'hidden' || entry?.state !== 'loaded') return null;

  const shown = displayPrices(entry.priceInfo, { locale: intlLocale, freeLabel: strings.free });
  const wrap = (text: string) => (startingAt ? fill(strings.startingAt, { price: text }) : text);
  return (
    <span className="price">
      {shown.hasSpecial && shown.displaySpecial ? (
        <>
          <span className="price-special"><span className="visually-hidden">{strings.special}: </span>{wrap(shown.displaySpecial)}</span>{' '}
          <s className="price-regular-struck"><span className="visually-hidden">{strings.regular}: </span>{shown.displayRegular}</s>
        </>
      ) : <span className="price-regular">{wrap(shown.displayRegular)}</span>}
      {strings.taxNote && <small className="price-tax-note">{strings.taxNote}</small>}
    </span>
  );
}
