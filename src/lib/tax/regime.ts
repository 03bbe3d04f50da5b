// Which VAT an order pays, decided once from where the goods go and who buys them (pure, no I/O).
// The regime says how a product's catalogue rate becomes the rate charged, and carries the note the
// shopper reads, so the note can never disagree with the tax: both come out of the same decision.
//
// The rules, first match wins (docs/prices.md):
// 1. ACCOUNT_EXCLUDE        the customer account is flagged excludeTax: 0 %.
// 2. domestic, no note      no shipping address yet, or the goods stay in the shop's country: the
//                           product's own rate (the shop's standard rate where the catalogue names none).
// 3. FOREIGN                an export out of the EU (or out of a non-EU shop's country) to a business,
//                           that is a buyer who gave a VAT id: 0 %.
//    ONESTOPSHOP_FOREIGN    the same export to a consumer: 0 %.
// 4. REVERSE_CHARGE         an intra-EU delivery to a business whose VAT id (billing address) passes
//                           its country's format and check-digit rules, from another member state than
//                           the shop's: 0 %, the buyer accounts for the VAT (Art. 138 and 196 of
//                           Directive 2006/112/EC).
// 5. an EU consumer (or a business without a valid VAT id) in another member state:
//    - the shop's own rates without a note, unless the merchant charges One-Stop-Shop VAT (TAX_OSS);
//    - with TAX_OSS, the destination's rate for the product's class, and the note
//      ONESTOPSHOP_VATMATCH when the destination's standard rate is the shop's, else ONESTOPSHOP_EU.
import { isEuCountry, percentToBasisPoints, ratesOf } from './rates.ts';
import { checkVatId } from './vat-id.ts';
import type { TaxNote } from './notes.ts';

export interface TaxRegime {
  /** domestic: the product's rate; destination: the destination's rate of its class (OSS); exempt: 0 %. */
  kind: 'domestic' | 'destination' | 'exempt';
  /** The country whose rates apply: the shop's, or the destination's under OSS. */
  country: string;
  note: TaxNote | null;
}

/** The merchant's side of the decision: run-time settings (DEFAULT_COUNTRY, TAX_OSS). */
export interface TaxSettings {
  /** The country the shop sells from, where it is registered for VAT. */
  shopCountry: string;
  /** Charge EU consumers the VAT of their country (One-Stop-Shop) rather than the shop's. */
  oss: boolean;
}

export interface TaxBuyer {
  /** The customer account is flagged excludeTax. */
  accountExcluded: boolean;
  /** The shipping address's country; null before there is one. */
  destination: string | null;
  /** The billing address's country and VAT id (the invoice names the buyer). */
  billingCountry: string | null;
  vatId: string;
}

/** Whether the billing VAT id makes the buyer a business registered in another member state. */
function foreignEuBusiness(buyer: TaxBuyer, shopCountry: string): boolean {
  const country = buyer.billingCountry?.toUpperCase();
  if (!country || country === shopCountry || !isEuCountry(country) || !buyer.vatId.trim()) return false;
  return checkVatId(buyer.vatId, country).ok;
}

export function taxRegime(buyer: TaxBuyer, settings: TaxSettings): TaxRegime {
  const shop = settings.shopCountry.toUpperCase();
  const exempt = (note: TaxNote): TaxRegime => ({ kind: 'exempt', country: shop, note });
  if (buyer.accountExcluded) return exempt('ACCOUNT_EXCLUDE');
  const destination = buyer.destination?.toUpperCase();
  if (!destination || destination === shop) return { kind: 'domestic', country: shop, note: null };
  if (!isEuCountry(destination) || !isEuCountry(shop)) {
    return exempt(buyer.vatId.trim() ? 'FOREIGN' : 'ONESTOPSHOP_FOREIGN');
  }
  if (foreignEuBusiness(buyer, shop)) return exempt('REVERSE_CHARGE');
  if (!settings.oss) return { kind: 'domestic', country: shop, note: null };
  const same = ratesOf(destination)?.standard === ratesOf(shop)?.standard;
  return { kind: 'destination', country: destination, note: same ? 'ONESTOPSHOP_VATMATCH' : 'ONESTOPSHOP_EU' };
}

/**
 * The rate charged on a product under `regime`, in basis points. `productPercent` is the catalogue's
 * rate (null: the shop's standard rate). Under OSS a product keeps its class: the shop's standard
 * rate becomes the destination's standard rate, its reduced rate the destination's reduced rate, and
 * 0 % stays 0 %; any other rate counts as standard.
 */
export function chargedRate(regime: TaxRegime, productPercent: number | null, shopCountry: string): number {
  if (regime.kind === 'exempt') return 0;
  const shop = ratesOf(shopCountry);
  const own = productPercent === null ? (shop?.standard ?? 0) : percentToBasisPoints(productPercent);
  if (regime.kind === 'domestic') return own;
  const there = ratesOf(regime.country);
  if (!there || own === 0) return own;
  return own === shop?.reduced && own !== shop.standard ? there.reduced : there.standard;
}

/** The standard rate the regime charges (the cart's headline rate): 0 when exempt. */
export const standardRate = (regime: TaxRegime): number =>
  regime.kind === 'exempt' ? 0 : (ratesOf(regime.country)?.standard ?? 0);
