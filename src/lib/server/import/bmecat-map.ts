// BMEcat elements to import records: one catalogue group, one product, one group-map entry at a
// time. Element names are those of BMEcat 2005; the caller renames BMEcat 1.2's (ARTICLE → PRODUCT).
// Records are shaped as importRecordSchema wants them but not checked here: the importer checks them
// and reports what the file got wrong. Only what cannot be read at all becomes a fault here.
import type { Locale } from '#lib/i18n/locales.ts';
import type { ParsedItem } from '#lib/import/record-contract.ts';
import type { XmlNode } from './bmecat-reader.ts';
import {
  all,
  type Catalogue,
  centsOf,
  compact,
  type Decimal,
  decimalOf,
  Faults,
  first,
  inMainLanguage,
  localeOf,
  localeOfLanguage,
  ONE,
  perLocale,
  textOf,
  wholeOf,
} from './bmecat-values.ts';

export interface MapContext extends Catalogue {
  file: string;
  /** The day prices must be valid on, YYYY-MM-DD. */
  today: string;
  /** The shop's country: prices limited to other TERRITORYs are left out. */
  country: string;
  /** T_NEW_CATALOG, T_UPDATE_PRODUCTS or T_UPDATE_PRICES. */
  transaction: string;
  /** The item number's element as the file's version names it (SUPPLIER_PID, 1.2: SUPPLIER_AID). */
  skuElement: string;
}

type Row = Record<string, unknown>;

/** The record, or the faults that keep it out, each at its element's line and with the item's id. */
function result(context: MapContext, node: XmlNode, id: string, faults: Faults, record: Row): ParsedItem[] {
  if (faults.list.length === 0) return [{ at: { file: context.file, line: node.line }, record }];
  return faults.list.map(({ line, field, reason }) => ({
    at: { file: context.file, line },
    fault: { id, field, reason },
  }));
}

function missing(context: MapContext, node: XmlNode, field: string, what: string): ParsedItem[] {
  return [{ at: { file: context.file, line: node.line }, fault: { field, reason: `The ${what} has no ${field}.` } }];
}

/**
 * CATALOG_STRUCTURE → category. The root group only holds the tree: its children are top level. `roots`
 * holds the root ids read so far, and "0" from the start.
 */
export function mapCategory(node: XmlNode, context: MapContext, roots: Set<string>): ParsedItem[] {
  const id = textOf(first(node, 'GROUP_ID'));
  if (id === undefined) return missing(context, node, 'GROUP_ID', 'catalogue group');
  if (node.attrs.type === 'root') {
    roots.add(id);
    return [];
  }
  // Files without a root group give top-level groups PARENT_ID 0, unless "0" is a group of theirs.
  if (id === '0') roots.delete('0');
  const faults = new Faults();
  const parent = textOf(first(node, 'PARENT_ID'));
  return result(context, node, id, faults, {
    kind: 'category',
    id,
    parentId: parent === undefined || roots.has(parent) ? null : parent,
    position: wholeOf(first(node, 'GROUP_ORDER'), faults) ?? 0,
    names: perLocale(all(node, 'GROUP_NAME'), context),
    descriptions: perLocale(all(node, 'GROUP_DESCRIPTION'), context),
  });
}

/** PRODUCT_TO_CATALOGGROUP_MAP → one product's group, or nothing for an entry that removes one. */
export function mapGroupLink(
  node: XmlNode,
  context: MapContext,
): { sku: string; group: string } | ParsedItem[] | undefined {
  if (node.attrs.mode === 'delete') return undefined;
  const sku = textOf(first(node, 'PROD_ID'));
  const group = textOf(first(node, 'CATALOG_GROUP_ID'));
  if (sku === undefined) return missing(context, node, 'PROD_ID', 'group map entry');
  if (group === undefined) return missing(context, node, 'CATALOG_GROUP_ID', 'group map entry');
  return { sku, group };
}

/** PRODUCT → product, delete or prices record, by its mode and the transaction. */
export function mapProduct(node: XmlNode, context: MapContext): ParsedItem[] {
  const sku = textOf(first(node, 'SUPPLIER_PID'));
  if (sku === undefined) return missing(context, node, context.skuElement, 'product');
  const faults = new Faults();
  if (context.transaction === 'T_UPDATE_PRICES') {
    const { prices } = readPrices(node, context, faults);
    // Nothing valid today for the shop's territory: there is nothing to update (not a fault of the record).
    if (prices.length === 0 && faults.list.length === 0) return [];
    return result(context, node, sku, faults, { kind: 'prices', sku, prices });
  }
  const mode = node.attrs.mode?.trim() ?? 'new';
  if (mode === 'delete') return result(context, node, sku, faults, { kind: 'delete', sku });
  if (mode !== 'new' && mode !== 'update') {
    faults.add(node.line, 'mode', `The mode "${mode}" is unknown; BMEcat knows new, update and delete.`);
  }
  return result(context, node, sku, faults, productRecord(node, sku, context, faults));
}

function productRecord(node: XmlNode, sku: string, context: MapContext, faults: Faults): Row {
  const details = first(node, 'PRODUCT_DETAILS');
  const order = first(node, 'PRODUCT_ORDER_DETAILS');
  const { prices, taxPercent } = readPrices(node, context, faults);
  const deliveryTime = decimalOf(first(details, 'DELIVERY_TIME'), faults);
  return compact({
    kind: 'product',
    sku,
    texts: readTexts(details, context),
    features: all(node, 'PRODUCT_FEATURES').flatMap((block) =>
      all(block, 'FEATURE').flatMap((feature) => readFeature(feature, context)),
    ),
    classification: readClassification(node),
    gtin: textOf(
      all(details, 'INTERNATIONAL_PID').find((pid) => /^(gtin|ean)$/i.test(pid.attrs.type?.trim() ?? '')) ??
        first(details, 'EAN'),
    ),
    manufacturerName: textOf(first(details, 'MANUFACTURER_NAME')),
    manufacturerPid: textOf(first(details, 'MANUFACTURER_PID')),
    orderUnit: textOf(first(order, 'ORDER_UNIT')),
    contentUnit: textOf(first(order, 'CONTENT_UNIT')),
    unitsPerOrderUnit: decimalOf(first(order, 'NO_CU_PER_OU'), faults)?.value,
    minQuantity: wholeOf(first(order, 'QUANTITY_MIN'), faults),
    quantityStep: wholeOf(first(order, 'QUANTITY_INTERVAL'), faults),
    // Days until dispatch: part of a day still means the next one.
    deliveryDays: deliveryTime && Math.ceil(deliveryTime.value),
    taxPercent,
    prices,
    ...readMedia(node, context),
    references: readReferences(node, faults),
  });
}

interface Texts {
  name?: string;
  description?: string;
  keywords: string[];
}

/** DESCRIPTION_SHORT, DESCRIPTION_LONG and KEYWORD per language, the first of each counting. */
function readTexts(details: XmlNode | undefined, context: MapContext): Partial<Record<Locale, Texts>> {
  const texts = new Map<Locale, Texts>();
  for (const node of details?.children ?? []) {
    if (node.name !== 'DESCRIPTION_SHORT' && node.name !== 'DESCRIPTION_LONG' && node.name !== 'KEYWORD') continue;
    const locale = localeOf(node, context);
    const text = textOf(node);
    if (locale === undefined || text === undefined) continue;
    const entry = texts.get(locale) ?? { keywords: [] };
    texts.set(locale, entry);
    if (node.name === 'DESCRIPTION_SHORT') entry.name ??= text;
    else if (node.name === 'DESCRIPTION_LONG') entry.description ??= text;
    else entry.keywords.push(text);
  }
  return Object.fromEntries(
    [...texts].map(([locale, { name, description, keywords }]) => [locale, compact({ name, description, keywords })]),
  );
}

/** One feature entry per value. A value in several languages is repeated per lang, in the same order. */
function readFeature(feature: XmlNode, context: MapContext): Row[] {
  const names = all(feature, 'FNAME');
  const name = textOf(inMainLanguage(names, context));
  const labels = perLocale(names, context);
  const unit = textOf(first(feature, 'FUNIT'));
  // Without lang a value is a number or a code that needs no translation; with lang, a word per language.
  const plain: string[] = [];
  const translated = new Map<Locale, string[]>();
  for (const node of all(feature, 'FVALUE')) {
    const value = textOf(node);
    if (value === undefined) continue;
    if (node.attrs.lang === undefined) plain.push(value);
    const locale = localeOfLanguage(node.attrs.lang);
    if (locale) translated.set(locale, [...(translated.get(locale) ?? []), value]);
  }
  const main = (context.locale && translated.get(context.locale)) ?? [...translated.values()][0] ?? [];
  const values = [
    ...plain.map((value) => ({ value, valueLabels: {} })),
    ...main.map((value, i) => ({
      value,
      valueLabels: Object.fromEntries(
        [...translated].filter(([, words]) => words[i] !== undefined).map(([locale, words]) => [locale, words[i]]),
      ),
    })),
  ];
  return values.map((value) => compact({ name, labels, ...value, unit }));
}

/** The standard class (ETIM, ECLASS) if the product names one, else its first feature system's group. */
function readClassification(node: XmlNode): Row | undefined {
  const classes = all(node, 'PRODUCT_FEATURES').flatMap((block) => {
    const system = textOf(first(block, 'REFERENCE_FEATURE_SYSTEM_NAME'));
    const classId = textOf(first(block, 'REFERENCE_FEATURE_GROUP_ID'));
    return system && classId ? [{ system, classId }] : [];
  });
  const chosen = classes.find(({ system }) => /^(etim|eclass|ecl@ss)/i.test(system)) ?? classes[0];
  if (!chosen) return undefined;
  // "ETIM-7.0" is system ETIM in version 7.0; a name without a version (a supplier's own system) stays whole.
  const match = /^(.+?)-(\d[\w.]*)$/.exec(chosen.system);
  return compact({ system: match?.[1] ?? chosen.system, version: match?.[2], classId: chosen.classId });
}

const PRICE_TYPES = new Set(['net_list', 'net_customer', 'nrp']);

interface FoundPrice {
  type: string;
  price: { currency: string; cents: number; minQuantity: number };
  tax?: Decimal | undefined;
  territorial: boolean;
  /** The last day of its PRODUCT_PRICE_DETAILS, if dated. */
  until: string | undefined;
}

/**
 * One price (type, currency, quantity) from the candidates valid today: a price for the shop's country
 * beats one for everywhere, an open-ended one a dated one. A dated price below it is an offer, the way
 * BMEcat states one: a PRODUCT_PRICE_DETAILS with a valid_end_date beside the standing prices; it
 * becomes the special price with that last day (only for the price from quantity 1: a tier has none).
 */
function pickPrice(candidates: readonly FoundPrice[]): Row & { tax?: Decimal | undefined } {
  const rank = (p: FoundPrice) => (p.territorial ? 0 : 2) + (p.until === undefined ? 0 : 1);
  const regular = candidates.reduce((best, p) => (rank(p) < rank(best) ? p : best));
  const offers = candidates.filter(
    (p) => p.until !== undefined && p.price.cents < regular.price.cents && p.price.minQuantity === 1,
  );
  const offer = offers.reduce<FoundPrice | undefined>(
    (low, p) => (!low || p.price.cents < low.price.cents ? p : low),
    undefined,
  );
  return {
    ...regular.price,
    ...(offer && regular !== offer ? { specialCents: offer.price.cents, specialUntil: offer.until } : {}),
    tax: regular.tax,
  };
}

/** The prices valid on the day, in cents per order unit, and the tax rate of the first that names one. */
function readPrices(node: XmlNode, context: MapContext, faults: Faults): { prices: Row[]; taxPercent?: number } {
  const orderQuantity = priceQuantity(first(first(node, 'PRODUCT_ORDER_DETAILS'), 'PRICE_QUANTITY'), faults);
  const found: FoundPrice[] = [];
  for (const details of all(node, 'PRODUCT_PRICE_DETAILS')) {
    const validity = validityOf(details, faults);
    if (!validOn(validity, context.today)) continue;
    for (const price of all(details, 'PRODUCT_PRICE')) {
      const type = price.attrs.price_type?.trim() ?? '';
      if (!PRICE_TYPES.has(type)) continue;
      // A price for named territories (ISO countries, or regions such as DE-BY) is the shop's only when
      // one of them is the shop's country; a price for the shop's country beats one for everywhere.
      const territories = all(price, 'TERRITORY').map((t) => (textOf(t) ?? '').toUpperCase().split('-')[0]);
      if (territories.length > 0 && !territories.includes(context.country)) continue;
      const amountNode = first(price, 'PRICE_AMOUNT');
      const amount = amountNode
        ? decimalOf(amountNode, faults)
        : faults.add(price.line, 'PRICE_AMOUNT', 'The price has no PRICE_AMOUNT.');
      const factor = decimalOf(first(price, 'PRICE_FACTOR'), faults) ?? ONE;
      // BMEcat states PRICE_QUANTITY with the order details; a price of its own may repeat it.
      const quantity = priceQuantity(first(price, 'PRICE_QUANTITY'), faults) ?? orderQuantity ?? ONE;
      const minQuantity = wholeOf(first(price, 'LOWER_BOUND'), faults) ?? 1;
      const tax = decimalOf(first(price, 'TAX'), faults);
      if (amount === undefined) continue;
      const currency = textOf(first(price, 'PRICE_CURRENCY'))?.toUpperCase() ?? context.currency;
      found.push({
        type,
        tax,
        territorial: territories.length > 0,
        price: { currency, cents: centsOf(amount, factor, quantity), minQuantity },
        until: validity.end,
      });
    }
  }
  const candidates = new Map<string, FoundPrice[]>();
  for (const entry of found) {
    const key = `${entry.type} ${entry.price.currency} ${String(entry.price.minQuantity)}`;
    candidates.set(key, [...(candidates.get(key) ?? []), entry]);
  }
  // A customer price is the catalogue's list price when it is the only one there is.
  const picked = [...candidates.values()].map((group) => ({ type: group[0]!.type, ...pickPrice(group) }));
  const hasNetList = picked.some(({ type }) => type === 'net_list');
  const list = (type: string) => (type === 'net_list' || (type === 'net_customer' && !hasNetList) ? 'base' : type);
  const tax = picked.find((entry) => entry.tax !== undefined)?.tax;
  return {
    prices: picked.map(({ type, tax: _tax, ...price }) => ({ list: list(type), ...price })),
    // TAX is a fraction (0.19); the percentage is computed on its digits, so 0.07 gives 7, not 7.000000000000001.
    ...(tax && { taxPercent: Number(tax.units * 100n) / 10 ** tax.scale }),
  };
}

function priceQuantity(node: XmlNode | undefined, faults: Faults): Decimal | undefined {
  const quantity = decimalOf(node, faults);
  if (node && quantity && quantity.units <= 0n) {
    return faults.add(node.line, node.name, `The price quantity must be more than 0, not ${textOf(node)}.`);
  }
  return quantity;
}

interface Validity {
  start?: string | undefined;
  end?: string | undefined;
}

/** Whether prices of that validity apply on the day. */
const validOn = ({ start, end }: Validity, today: string): boolean =>
  (start === undefined || start <= today) && (end === undefined || today <= end);

/** The first and last day of a PRODUCT_PRICE_DETAILS: 2005 dates it with DATETIME or VALID_*_DATE. */
function validityOf(details: XmlNode, faults: Faults): Validity {
  let start: string | undefined;
  let end: string | undefined;
  for (const node of details.children) {
    const type = node.name === 'DATETIME' ? node.attrs.type?.trim() : node.name.toLowerCase();
    const dateNode = node.name === 'DATETIME' ? first(node, 'DATE') : node;
    if (type !== 'valid_start_date' && type !== 'valid_end_date') continue;
    const date = dateNode && faults.date(textOf(dateNode), dateNode.line, dateNode.name);
    if (type === 'valid_start_date') start = date;
    else end = date;
  }
  return { start, end };
}

const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|tiff?|bmp|svg)$/i;
const IMAGE_PURPOSES = new Set(['normal', 'detail', 'thumbnail']);
const DOCUMENT_PURPOSES = new Set(['data_sheet', 'safety_data_sheet', 'others']);

/** MIME_INFO → images and documents, each source once. A manufacturer's logo is not a product image. */
function readMedia(node: XmlNode, context: MapContext): { images: Row[]; documents: Row[] } {
  const images: Row[] = [];
  const documents: Row[] = [];
  const seen = new Set<string>();
  for (const mime of all(first(node, 'MIME_INFO'), 'MIME')) {
    const source = textOf(inMainLanguage(all(mime, 'MIME_SOURCE'), context));
    const type = textOf(first(mime, 'MIME_TYPE'))?.toLowerCase() ?? '';
    const purpose = textOf(first(mime, 'MIME_PURPOSE'))?.toLowerCase() ?? '';
    if (source === undefined || seen.has(source) || purpose === 'logo') continue;
    const descriptions = perLocale(all(mime, 'MIME_DESCR'), context);
    const alts = perLocale(all(mime, 'MIME_ALT'), context);
    if (type.startsWith('image/') || (IMAGE_PURPOSES.has(purpose) && IMAGE_FILE.test(source))) {
      images.push({ source, alt: { ...descriptions, ...alts } });
    } else if (type === 'application/pdf' || (DOCUMENT_PURPOSES.has(purpose) && !IMAGE_FILE.test(source))) {
      documents.push({ source, title: { ...alts, ...descriptions } });
    } else continue;
    seen.add(source);
  }
  return { images, documents };
}

const REFERENCE_TYPES: Record<string, string> = {
  accessories: 'accessory',
  consists_of: 'included',
  sparepart: 'sparepart',
  similar: 'similar',
};

/** PRODUCT_REFERENCE → references of the kinds the shop shows; quantity is an attribute (or a QUANTITY). */
function readReferences(node: XmlNode, faults: Faults): Row[] {
  return all(node, 'PRODUCT_REFERENCE').flatMap((reference) => {
    const type = REFERENCE_TYPES[reference.attrs.type?.trim() ?? ''];
    if (type === undefined) return [];
    const { quantity: attribute } = reference.attrs;
    const quantity =
      attribute === undefined
        ? wholeOf(first(reference, 'QUANTITY'), faults)
        : faults.whole(attribute, reference.line, 'quantity');
    return [{ type, sku: textOf(first(reference, 'PROD_ID_TO')), quantity: quantity ?? 1 }];
  });
}
