// A cart's products as view.ts reads them for pricing and display, and what a line shows of its
// product in the shopper's language (included items, attributes). Apart from the arithmetic
// (priced-line.ts, priced.ts), which never reads a label.
import { byAttributeOrder } from '#lib/catalog/product.ts';
import type { CustomAttribute } from '#lib/catalog/contract.ts';
import type { TieredListPrice } from '#lib/catalog/best-price.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { formatQuantity } from '#lib/i18n/format.ts';
import { intlTag } from '#lib/i18n/translate.ts';
import type { LocalizedText } from '../db/schema.ts';

interface CartProductAttribute {
  code: string;
  labels: LocalizedText;
  position: number;
  location: string;
  isHtml: boolean;
  unit: string | null;
  value: string;
  optionLabels: LocalizedText | null;
  image: string | null;
}

/** One product of the cart (a line's product or an accessory) as read for pricing and display. */
export interface CartProduct {
  id: number;
  sku: string;
  itemnum: string;
  /** The cart's company's own number for it (customer_item_numbers); null for a guest or none. */
  customerItemNumber: string | null;
  image: string | null;
  name: string;
  isActive: boolean;
  hidePrices: boolean;
  hasStock: boolean;
  effective: number | null;
  external: number | null;
  marked: boolean | null;
  /**
   * Net cents with price breaks, of the public list and of the owner's own, in the cart currency;
   * null where the list has no price for it.
   */
  publicPrice: TieredListPrice | null;
  contractPrice: TieredListPrice | null;
  /** The catalogue's VAT rate in percent (7, 19); null: the shop's standard rate. */
  taxPercent: number | null;
  /** The order-quantity rule (src/lib/catalog/order-quantity.ts) and what one ordered quantity is. */
  minQuantity: number;
  quantityStep: number;
  orderUnit: string;
  included: { itemnum: string; names: LocalizedText }[];
  attributes: CartProductAttribute[];
}

const localized = (text: LocalizedText | null, locale: Locale, fallback: string): string =>
  text?.[locale] ?? text?.de ?? Object.values(text ?? {})[0] ?? fallback;

export function presentation(product: CartProduct | undefined, locale: Locale) {
  if (!product) return { included: [], attributes: [] };
  const included = product.included.map((i) => ({ itemnum: i.itemnum, name: localized(i.names, locale, i.itemnum) }));
  const attributes = product.attributes
    .map((row): CustomAttribute => ({
      attribute_code: row.code,
      label: localized(row.labels, locale, row.code),
      value: row.value,
      valueLabel: row.optionLabels
        ? localized(row.optionLabels, locale, row.value)
        : row.unit
          ? formatQuantity(intlTag(locale), row.value, row.unit)
          : row.value,
      image: row.image,
      position: row.position,
      location: row.location,
      html: row.isHtml,
    }))
    .sort(byAttributeOrder);
  return { included, attributes };
}
