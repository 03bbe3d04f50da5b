// What an Offer tells search engines about delivery and returns (schema.org OfferShippingDetails and
// MerchantReturnPolicy), from the shop's own data only: the shipping methods' rates and countries and
// the fulfilment setting's working days and return terms. Nothing is said that the shop has not set.
import type { DayRange, FulfilmentSetting } from '../content/schemas.ts';
import { shippingPriceCents, type ShippingMethodRecord } from '../checkout/shipping.ts';

/** The shop's delivery and return terms, read once for a page. */
export interface MerchantTerms {
  methods: readonly ShippingMethodRecord[];
  /** Null when the shop has set no fulfilment setting: then no delivery or return terms are stated. */
  fulfilment: FulfilmentSetting | null;
  /** The currency the methods' base prices are in. */
  shopCurrency: string;
}

/** What one Offer sells: the amount of its least quantity, which decides a free-from threshold. */
export interface OfferAmount {
  cents: number;
  currency: string;
  /** The product's own working days until dispatch, when it states them. */
  deliveryDays: number | null;
}

const days = (range: DayRange) => ({
  '@type': 'QuantitativeValue',
  minValue: range.minDays,
  maxValue: range.maxDays,
  unitCode: 'DAY',
});

/**
 * @internal Exported for its tests.
 * One OfferShippingDetails per method that ships (the setting names its transit days) and has a price in
 * the Offer's currency: its rate for this amount (free from its threshold on) to each of its countries.
 */
export function shippingDetailsJsonLd(terms: MerchantTerms, amount: OfferAmount): Record<string, unknown>[] {
  const { fulfilment } = terms;
  if (!fulfilment) return [];
  const handling =
    amount.deliveryDays !== null && amount.deliveryDays >= 0
      ? { minDays: amount.deliveryDays, maxDays: amount.deliveryDays }
      : fulfilment.handlingDays;
  return [...terms.methods]
    .sort((a, b) => a.position - b.position || a.code.localeCompare(b.code))
    .flatMap((method) => {
      const transit = fulfilment.transitDays[method.code];
      if (!transit || method.countries.length === 0) return [];
      // Every country of the method takes the same rate, so the first one stands for all.
      const cents = shippingPriceCents(method, {
        country: method.countries[0]!,
        currency: amount.currency,
        shopCurrency: terms.shopCurrency,
        discountedNetCents: amount.cents,
      });
      if (cents === null) return [];
      return [
        {
          '@type': 'OfferShippingDetails',
          shippingRate: { '@type': 'MonetaryAmount', value: (cents / 100).toFixed(2), currency: amount.currency },
          shippingDestination: method.countries.map((country) => ({
            '@type': 'DefinedRegion',
            addressCountry: country,
          })),
          deliveryTime: { '@type': 'ShippingDeliveryTime', handlingTime: days(handling), transitTime: days(transit) },
        },
      ];
    });
}

const RETURN_METHOD_URLS: Record<FulfilmentSetting['returnMethod'], string> = {
  mail: 'https://schema.org/ReturnByMail',
  store: 'https://schema.org/ReturnInStore',
  kiosk: 'https://schema.org/ReturnAtKiosk',
};
const RETURN_FEE_URLS: Record<FulfilmentSetting['returnFees'], string> = {
  free: 'https://schema.org/FreeReturn',
  customer: 'https://schema.org/ReturnFeesCustomerResponsibility',
};

/** @internal The countries the shop delivers to: those of the methods that ship. Returns come back from there. */
export function deliveryCountries(terms: MerchantTerms): string[] {
  const shipping = terms.methods.filter((m) => terms.fulfilment?.transitDays[m.code]);
  return [...new Set(shipping.flatMap((m) => m.countries))].sort();
}

/** @internal The return policy of the fulfilment setting, for the countries the shop delivers to; undefined without either. */
export function returnPolicyJsonLd(terms: MerchantTerms): Record<string, unknown> | undefined {
  const { fulfilment } = terms;
  const countries = deliveryCountries(terms);
  if (!fulfilment || countries.length === 0) return undefined;
  const base = { '@type': 'MerchantReturnPolicy', applicableCountry: countries };
  if (fulfilment.returnDays === 0) {
    return { ...base, returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted' };
  }
  return {
    ...base,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: fulfilment.returnDays,
    returnMethod: RETURN_METHOD_URLS[fulfilment.returnMethod],
    returnFees: RETURN_FEE_URLS[fulfilment.returnFees],
  };
}

/** The delivery and return properties of one Offer (none when the shop has set no terms). */
export function merchantOfferJsonLd(terms: MerchantTerms | null | undefined, amount: OfferAmount) {
  if (!terms) return {};
  const shippingDetails = shippingDetailsJsonLd(terms, amount);
  const returnPolicy = returnPolicyJsonLd(terms);
  return {
    ...(shippingDetails.length > 0 ? { shippingDetails } : {}),
    ...(returnPolicy ? { hasMerchantReturnPolicy: returnPolicy } : {}),
  };
}
