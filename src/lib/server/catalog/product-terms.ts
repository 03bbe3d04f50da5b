// What a B2B buyer reads on a product page beside the description, in the page's language: how the
// product is sold (order unit, pack size, quantity rule), its price breaks, its identifiers
// (GTIN, manufacturer and part number, classification), dispatch time and its documents. Composed
// on the server from the product and the shell's messages; the page renders it as static HTML, and
// the buy box gets the two lines it shows.
import { orderTerms, unitCount, unitName } from '#lib/catalog/order-unit.ts';
import { formatPrice } from '#lib/catalog/price.ts';
import { plural } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Messages } from '#lib/i18n/messages/en.ts';
import { intlTag, type Translate } from '#lib/i18n/translate.ts';
import type { PriceBreakTable } from './price-breaks.ts';
import type { ProductDetail } from './products.ts';

interface TermsShell {
  locale: Locale;
  t: Translate;
  messages: Messages;
  /** The currency the page's public prices are in: its price-break table shows, the others wait for the shopper's. */
  currency: string;
}

/** A row of the product's specification. */
export interface ProductFact {
  code: string;
  label: string;
  value: string;
}

export interface ProductDocumentLink {
  href: string;
  title: string;
  /** The file's type as its extension says it ("PDF"); null without one. */
  type: string | null;
  /** The MIME type of a PDF, for the link's type attribute. */
  mime: string | undefined;
}

/** One currency's price-break table, its texts ready to render. */
export interface PriceBreakView {
  currency: string;
  /** Every table but the page currency's is hidden until the shopper's currency is known. */
  hidden: boolean;
  caption: string;
  quantityHeader: string;
  priceHeader: string;
  lines: { quantity: string; price: string }[];
}

export interface ProductTerms {
  /** Beside the buy box's price ("per pack of 100 pieces") and under its quantity ("Minimum order 2 packs"). */
  buyBox: { pricePer: string | null; rule: string | null };
  facts: ProductFact[];
  documents: ProductDocumentLink[];
  priceBreaks: PriceBreakView[];
}

/** A stored document is served at /media/{its file name} (src/pages/media/[file].ts). */
const mediaHref = (file: string): string => `/media/${encodeURIComponent(file)}`;

function documentLink(doc: { file: string; title: string }): ProductDocumentLink {
  const extension = /\.([a-z0-9]{2,5})$/i.exec(doc.file)?.[1]?.toUpperCase() ?? null;
  return {
    href: mediaHref(doc.file),
    title: doc.title,
    type: extension,
    mime: extension === 'PDF' ? 'application/pdf' : undefined,
  };
}

/**
 * The product's terms in the shell's language. `shownValues` are the attribute values the page shows
 * already (brand, manufacturer number): a manufacturer or part number equal to one is not said twice.
 */
export function productTerms(
  product: ProductDetail,
  breaks: readonly PriceBreakTable[],
  shell: TermsShell,
  shownValues: readonly string[] = [],
): ProductTerms {
  const { t, messages } = shell;
  const intlLocale = intlTag(shell.locale);
  const terms = orderTerms(product.unit, product.rule, messages, intlLocale);
  const shown = new Set(shownValues.map((v) => v.trim().toLowerCase()));
  const fresh = (value: string | null): value is string => value !== null && !shown.has(value.toLowerCase());
  const { classification: c, manufacturer, deliveryDays } = product;
  const facts: ProductFact[] = [
    ...(fresh(manufacturer.name)
      ? [{ code: 'manufacturer', label: t('product.fact.manufacturer'), value: manufacturer.name }]
      : []),
    ...(fresh(manufacturer.pid)
      ? [{ code: 'manufacturer-pid', label: t('product.fact.manufacturerPid'), value: manufacturer.pid }]
      : []),
    ...(product.gtin ? [{ code: 'gtin', label: t('product.fact.gtin'), value: product.gtin }] : []),
    ...(deliveryDays !== null && deliveryDays >= 0
      ? [
          {
            code: 'delivery-time',
            label: t('product.fact.deliveryTime'),
            value:
              deliveryDays === 0
                ? t('product.shipsToday')
                : plural(intlLocale, deliveryDays, {
                    one: messages['product.shipsIn_one'],
                    other: messages['product.shipsIn_other'],
                  }),
          },
        ]
      : []),
    ...(c
      ? [
          {
            code: 'classification',
            label: t('product.fact.classification'),
            value: `${[c.system, c.version].filter(Boolean).join(' ')}: ${c.classId}`,
          },
        ]
      : []),
  ];
  const unit = unitName(messages, product.unit.orderUnit);
  const count = (n: number) => unitCount(messages, intlLocale, product.unit.orderUnit, n);
  return {
    buyBox: { pricePer: terms.pricePer, rule: terms.rule },
    facts,
    documents: product.documents.map(documentLink),
    priceBreaks: breaks.map((table) => ({
      currency: table.currency,
      hidden: table.currency !== shell.currency,
      caption: t('product.priceBreaks'),
      quantityHeader: t('product.priceBreaksQuantity'),
      priceHeader: t('product.priceBreaksPrice', { unit }),
      lines: table.breaks.map((row) => ({
        quantity: t('product.fromQuantity', { quantity: count(row.minQuantity) }),
        price: formatPrice(row.cents / 100, {
          locale: intlLocale,
          currency: table.currency,
          freeLabel: t('price.free'),
        }),
      })),
    })),
  };
}
