// One record of a catalogue (or customer) import, whatever file it came from. Every parser (BMEcat, CSV, JSON Lines)
// turns its input into plain objects of this shape; the importer checks each with this schema and
// turns a refusal into a report line naming the field. JSON Lines files are written in exactly this
// shape, and its JSON Schema (docs/import-record.schema.json) is generated from it.
import { z } from 'astro/zod';
import { int, text } from '../http/fields.ts';
import { localeSchema } from '../content/schemas.ts';
import { addressFieldsSchema, addressSchema, refineVatId, requiredText } from '../checkout/address.ts';
import { COUNTRY_CODES } from '../checkout/countries.ts';
import { MAX_SAVED_ADDRESSES } from '../addresses/rules.ts';
import { CURRENCIES } from '../shared/currency.ts';

/** Most entries per list in one record (images, features, prices, references). */
const MAX_LIST = 200;
const line = (max: number) => text({ max }).trim().min(1);
const perLocale = <T extends z.ZodType>(value: T) => z.partialRecord(localeSchema, value);

/** An id from the merchant's system: a SUPPLIER_PID, a catalogue group id, a price list code. */
export const externalId = text({ max: 64 })
  .trim()
  .min(1)
  .regex(/^[\p{L}\p{N}._\-/+ ]+$/u, { error: 'may contain letters, digits, spaces and . _ - / + only' });

/** A file beside the import (a path inside its folder or zip) or an https address. */
const mediaSource = text({ max: 2048 })
  .trim()
  .min(1)
  .refine((s) => !/^[a-z][a-z0-9+.-]*:/i.test(s) || s.startsWith('https://'), {
    error: 'must be a relative path or an https address',
  })
  .refine((s) => !s.split(/[\\/]/).includes('..'), { error: 'must not leave the import folder' });

const importCategorySchema = z
  .object({
    kind: z.literal('category'),
    /** The catalogue group id (BMEcat GROUP_ID); categories are matched on it. */
    id: externalId,
    /** The parent group's id; null or absent for a top-level category. */
    parentId: externalId.nullable().default(null),
    position: int({ min: 0, max: 1_000_000 }).default(0),
    names: perLocale(line(120)).refine((names) => Object.keys(names).length > 0, { error: 'needs a name' }),
    descriptions: perLocale(text({ max: 64 * 1024, multiline: true })).default({}),
  })
  .strict();

const featureSchema = z
  .object({
    /** The feature's name as the file gives it (FNAME); also its code when none is given. */
    name: line(120),
    /** The feature's name per language, shown as the filter's title. */
    labels: perLocale(line(120)).default({}),
    value: line(200),
    /** The value per language, where it is a word rather than a number. */
    valueLabels: perLocale(line(200)).default({}),
    unit: line(20).optional(),
  })
  .strict();

const priceSchema = z
  .object({
    /** The price list: 'base' is the public list price; any other code is a customer price list. */
    list: externalId.default('base'),
    currency: z.string().regex(/^[A-Z]{3}$/, { error: 'must be an ISO 4217 code such as EUR' }),
    /** The net price of one order unit, in cents. */
    cents: int({ min: 0, max: 100_000_000 }),
    /** From this quantity on (BMEcat LOWER_BOUND): 1 is the price, above 1 a tier. */
    minQuantity: int({ min: 1, max: 1_000_000 }).default(1),
    /** A special (offer) price of one order unit in cents, charged instead while it runs. */
    specialCents: int({ min: 0, max: 100_000_000 }).optional(),
    /** The special price's last day, YYYY-MM-DD (UTC); absent: until further notice. */
    specialUntil: z.iso.date().optional(),
  })
  .strict()
  .refine((p) => p.specialCents === undefined || p.minQuantity === 1, {
    error: 'A special price belongs to the price from quantity 1, not to a tier.',
    path: ['specialCents'],
  })
  .refine((p) => p.specialUntil === undefined || p.specialCents !== undefined, {
    error: 'A last day needs a special price.',
    path: ['specialUntil'],
  });

const referenceSchema = z
  .object({
    /** accessory: offered with it; included: ships in its box (BMEcat consists_of); sparepart; similar. */
    type: z.enum(['accessory', 'included', 'sparepart', 'similar']),
    sku: externalId,
    quantity: int({ min: 1, max: 10_000 }).default(1),
  })
  .strict();

const importProductSchema = z
  .object({
    kind: z.literal('product'),
    /** The merchant's item number (BMEcat SUPPLIER_PID); products are matched on it. */
    sku: externalId,
    /** Variants name their parent product. */
    parentSku: externalId.optional(),
    texts: perLocale(
      z
        .object({
          name: line(200),
          description: text({ max: 64 * 1024, multiline: true }).optional(),
          keywords: z.array(line(80)).max(50).default([]),
        })
        .strict(),
    ).refine((texts) => Object.keys(texts).length > 0, { error: 'needs a name in at least one language' }),
    /** Catalogue group ids; the first is the product's main category. Absent leaves them as they are. */
    categories: z.array(externalId).min(1).max(50).optional(),
    features: z.array(featureSchema).max(MAX_LIST).default([]),
    /** ETIM or ECLASS class, kept and shown. */
    classification: z
      .object({ system: line(20), version: line(20).optional(), classId: line(40) })
      .strict()
      .optional(),
    gtin: z
      .string()
      .regex(/^\d{8}$|^\d{12,14}$/, { error: 'must be a GTIN of 8, 12, 13 or 14 digits' })
      .optional(),
    manufacturerName: line(120).optional(),
    manufacturerPid: line(64).optional(),
    /** UN/ECE Recommendation 20 codes as BMEcat uses them: C62 piece, PK pack, CT carton, MTR metre. */
    orderUnit: line(8).default('C62'),
    contentUnit: line(8).optional(),
    /** How many content units one order unit holds (NO_CU_PER_OU), e.g. 100 screws per pack. */
    unitsPerOrderUnit: z.number().positive().max(1_000_000).optional(),
    minQuantity: int({ min: 1, max: 1_000_000 }).default(1),
    quantityStep: int({ min: 1, max: 1_000_000 }).default(1),
    /** Working days until dispatch. */
    deliveryDays: int({ min: 0, max: 365 }).optional(),
    /** VAT rate in percent (BMEcat TAX 0.19 → 19). */
    taxPercent: z.number().min(0).max(100).optional(),
    prices: z.array(priceSchema).max(MAX_LIST).default([]),
    /** Pieces in stock; absent leaves the stock as it is. */
    stock: int({ min: 0 }).optional(),
    images: z
      .array(z.object({ source: mediaSource, alt: perLocale(line(200)).default({}) }).strict())
      .max(MAX_LIST)
      .default([]),
    documents: z
      .array(z.object({ source: mediaSource, title: perLocale(line(200)).default({}) }).strict())
      .max(MAX_LIST)
      .default([]),
    references: z.array(referenceSchema).max(MAX_LIST).default([]),
  })
  .strict();

/** A product to remove (BMEcat mode="delete"). */
const importDeletionSchema = z.object({ kind: z.literal('delete'), sku: externalId }).strict();

/** New prices for a known product only (BMEcat T_UPDATE_PRICES, a price CSV): its other data stays. */
export const importPricesSchema = z
  .object({ kind: z.literal('prices'), sku: externalId, prices: z.array(priceSchema).min(1).max(MAX_LIST) })
  .strict();

/**
 * The categories of a known product, when the file lists them apart from the product (BMEcat's
 * PRODUCT_TO_CATALOGGROUP_MAP follows all products); the first is its main category.
 */
const importPlacementSchema = z
  .object({ kind: z.literal('placement'), sku: externalId, categories: z.array(externalId).min(1).max(50) })
  .strict();

/** A stock level for a known product (a stock CSV). */
const importStockSchema = z.object({ kind: z.literal('stock'), sku: externalId, stock: int({ min: 0 }) }).strict();

/**
 * An address of an imported customer: the account's address form's own schema (so the account and the
 * checkout accept it later as it is), and what the customer uses it for. A default flag makes it a
 * billing or shipping address as well; without a default of a kind, the first of that kind is it.
 */
const importAddressSchema = addressFieldsSchema
  .omit({ id: true })
  .extend({
    // The same countries as the form, with words for a report rather than for a select box.
    country: z.enum(COUNTRY_CODES, { error: 'must be the ISO code (DE, AT, FR …) of a country the shop delivers to' }),
    billing: z.boolean().default(false),
    shipping: z.boolean().default(false),
    defaultBilling: z.boolean().default(false),
    defaultShipping: z.boolean().default(false),
  })
  .strict()
  .superRefine(refineVatId)
  .refine((a) => a.billing || a.shipping || a.defaultBilling || a.defaultShipping, {
    error: 'must be a billing or a shipping address (or both)',
  });

/**
 * A customer account from the merchant's ERP, matched on its customer number. The record is the whole
 * customer: a field it leaves out is cleared (company, phone, price list, caps, credit limit), as for a product. Its
 * password is never the import's: a new customer sets it from the activation mail.
 */
const importCustomerSchema = z
  .object({
    kind: z.literal('customer'),
    /** The customer number; also a login name, as the e-mail address is. */
    customernum: externalId,
    /** Unique among customers, whatever its case. */
    email: requiredText(254).pipe(z.email({ error: 'must be an e-mail address such as name@example.com' })),
    firstName: addressSchema.shape.firstName,
    lastName: addressSchema.shape.lastName,
    company: addressSchema.shape.company,
    phone: addressSchema.shape.phone,
    /** The language of the shop's mails to the customer. */
    locale: localeSchema.default('de'),
    currency: z.enum(CURRENCIES, { error: `must be one of ${CURRENCIES.join(', ')}` }).default('EUR'),
    /** The code of a price list the shop has (from a price import); absent: the public prices. */
    priceList: externalId.optional(),
    /** Prices without VAT (a customer abroad with a VAT id). */
    excludeTax: z.boolean().default(false),
    /** The largest order total in cents; absent: the shop's default; 0: no cap. */
    maxOrderTotalCents: int({ min: 0 }).optional(),
    /** The most open unpaid orders; absent: the shop's default; 0: no cap. */
    maxOpenOrders: int({ min: 0, max: 10_000 }).optional(),
    /** What the company may owe on unpaid invoice orders, in cents of its currency; absent: no limit. */
    creditLimitCents: int({ min: 0 }).optional(),
    /** Absent leaves the customer's addresses as they are; given, they replace them. */
    addresses: z
      .array(importAddressSchema)
      .max(MAX_SAVED_ADDRESSES)
      .refine((list) => list.filter((a) => a.defaultBilling).length <= 1, {
        error: 'only one address can be the default billing address',
      })
      .refine((list) => list.filter((a) => a.defaultShipping).length <= 1, {
        error: 'only one address can be the default shipping address',
      })
      .optional(),
  })
  .strict();

export const importRecordSchema = z.discriminatedUnion('kind', [
  importCategorySchema,
  importProductSchema,
  importDeletionSchema,
  importPricesSchema,
  importPlacementSchema,
  importStockSchema,
  importCustomerSchema,
]);

export type ImportCategory = z.infer<typeof importCategorySchema>;
export type ImportProduct = z.infer<typeof importProductSchema>;
export type ImportCustomer = z.infer<typeof importCustomerSchema>;
export type ImportRecord = z.infer<typeof importRecordSchema>;

/** Where in its file a record or a fault was found: a line (XML, JSON Lines) or a row (CSV). */
export interface SourcePosition {
  file: string;
  line: number;
}

/**
 * What a parser yields: a record in the shape above (still unchecked: the importer checks it), or a
 * fault the parser found itself, such as a malformed element or a value it cannot read.
 */
export type ParsedItem =
  | { at: SourcePosition; record: Record<string, unknown> }
  | { at: SourcePosition; fault: { id?: string; field?: string; reason: string } };
