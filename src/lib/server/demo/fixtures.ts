// Well-known demo records that tests and demos can rely on, whatever the product count.
// The fixture families come first in generation order, so their SKUs and ids are stable.
import type { StockCase, StockLevel } from './pricing.ts';

/** How one product family (a simple product, or a parent with its variants) is to be built. */
export interface FamilySpec {
  leaf: string;
  typeIndex?: number;
  stock?: StockCase | StockLevel;
  /** Regular EUR price in cents (0 = free). */
  eurCents?: number;
  specialEurCents?: number | null;
  acmeEurCents?: number | null;
  /** Accessories: indexes of earlier families. */
  accessoryFamilies?: number[];
  includedCount?: number;
  /** Variant axis values; [] = a simple product. */
  variantValues?: string[];
  secondLeaf?: string | null;
}

const DEMO_PASSWORD = 'Demo-Passw0rd!';

export const FIXTURE_FAMILIES: readonly FamilySpec[] = [
  /* 0 */ {
    leaf: 'batteries',
    typeIndex: 0,
    stock: 'large',
    eurCents: 8999,
    specialEurCents: null,
    variantValues: [],
    includedCount: 0,
    accessoryFamilies: [],
  },
  /* 1 */ {
    leaf: 'screwdriver-bits',
    typeIndex: 0,
    stock: 'large',
    eurCents: 499,
    specialEurCents: null,
    variantValues: [],
    includedCount: 0,
    accessoryFamilies: [],
  },
  /* 2 */ {
    leaf: 'masonry-bits',
    typeIndex: 0,
    stock: 'large',
    eurCents: 799,
    specialEurCents: null,
    variantValues: [],
    includedCount: 0,
    accessoryFamilies: [],
  },
  /* 3 */ {
    leaf: 'cordless-screwdrivers',
    typeIndex: 0,
    stock: { effectiveStock: 250, externalStock: 100, markedInStock: false },
    eurCents: 18899,
    specialEurCents: null,
    acmeEurCents: 16499,
    accessoryFamilies: [0, 1, 2],
    includedCount: 3,
    variantValues: [],
    secondLeaf: 'drills',
  },
  /* 4 */ {
    leaf: 'angle-grinders',
    typeIndex: 0,
    stock: 'not-available',
    eurCents: 9999,
    specialEurCents: null,
    acmeEurCents: null,
    variantValues: [],
    includedCount: 0,
    accessoryFamilies: [],
  },
  /* 5 */ {
    leaf: 'laser-meters',
    typeIndex: 0,
    stock: { effectiveStock: 2, externalStock: 5, markedInStock: false },
    eurCents: 12999,
    specialEurCents: null,
    variantValues: [],
    includedCount: 2,
    accessoryFamilies: [],
  },
  /* 6 */ {
    leaf: 'compressors',
    typeIndex: 0,
    stock: { effectiveStock: 0, externalStock: 0, markedInStock: true },
    eurCents: 34999,
    specialEurCents: null,
    variantValues: [],
    includedCount: 1,
    accessoryFamilies: [],
  },
  /* 7 */ {
    leaf: 'gloves',
    typeIndex: 0,
    stock: 'large',
    eurCents: 699,
    specialEurCents: null,
    variantValues: ['8', '9', '10', '11'],
    includedCount: 0,
    accessoryFamilies: [],
  },
  /* 8 */ {
    leaf: 'drills',
    typeIndex: 0,
    stock: 'large',
    eurCents: 24999,
    specialEurCents: 19999,
    acmeEurCents: null,
    variantValues: [],
    includedCount: 2,
    accessoryFamilies: [2],
  },
  /* 9 */ {
    leaf: 'hearing-protection',
    typeIndex: 1,
    stock: 'large',
    eurCents: 0,
    specialEurCents: null,
    acmeEurCents: null,
    variantValues: [],
    includedCount: 0,
    accessoryFamilies: [],
  },
  /* 10 */ {
    leaf: 'wood-screws',
    typeIndex: 0,
    stock: 'none',
    eurCents: 1299,
    specialEurCents: null,
    variantValues: [],
    includedCount: 0,
    accessoryFamilies: [],
  },
  /* 11 */ {
    leaf: 'metal-bits',
    typeIndex: 0,
    stock: { effectiveStock: 0, externalStock: 20, markedInStock: false },
    eurCents: 599,
    specialEurCents: null,
    variantValues: [],
    includedCount: 0,
    accessoryFamilies: [],
  },
  /* 12 */ {
    leaf: 'tool-trolleys',
    typeIndex: 0,
    stock: 'large',
    eurCents: 89999,
    specialEurCents: null,
    variantValues: ['red', 'blue', 'anthracite'],
    includedCount: 1,
    accessoryFamilies: [],
  },
];

/**
 * Generated families sold under a quantity rule (BMEcat QUANTITY_MIN and QUANTITY_INTERVAL), by family
 * index: only the rule is set, the family stays as the generator makes it (family 19: countersunk
 * screws in packs of 100, DEMO_FIXTURES.products.packRule).
 */
export const QUANTITY_RULE_FAMILIES: Readonly<Record<number, { min: number; step: number }>> = {
  19: { min: 2, step: 2 },
};

/** Product rows the fixtures occupy (parents plus variants); the generator needs at least this many. */
export const FIXTURE_PRODUCT_ROWS = FIXTURE_FAMILIES.reduce((n, f) => n + 1 + (f.variantValues?.length ?? 0), 0);

/** The first family number: SKUs are `{prefix}-{10000 + family index}`. */
export const FIRST_ITEM_NUMBER = 10000;

export const DEMO_FIXTURES = {
  password: DEMO_PASSWORD,
  products: {
    /** Always available (effective 250, external 100); 3 accessories, 3 included items, acme price, a second category. */
    available: 'ASR-10003',
    /** Accessories of `available`. */
    accessories: ['AKU-10000', 'BIT-10001', 'SBO-10002'],
    /** Effective 0 and external 0: 'Currently not available'. */
    notAvailable: 'WSL-10004',
    /** Effective 2, external 5: qty ≤ 2 available, 3..7 limited, 8+ limit-overflow. */
    limited: 'LEM-10005',
    /** Effective 0, external 20: limited from the first piece. */
    onlyExternal: 'MBO-10011',
    /** markedInStock with 0 stock: always available. */
    markedInStock: 'KOM-10006',
    /** No stock row at all: not-available. */
    noStock: 'HSR-10010',
    /** Parent with 4 size variants (gloves, sizes 8-11). */
    variantParent: 'HSH-10007',
    variants: ['HSH-10007-8', 'HSH-10007-9', 'HSH-10007-10', 'HSH-10007-11'],
    /** Parent with 3 colour variants. */
    colourVariantParent: 'WZW-10012',
    colourVariants: ['WZW-10012-RED', 'WZW-10012-BLUE', 'WZW-10012-ANTHRACITE'],
    /** Regular 249.99 EUR, special 199.99 EUR. */
    specialPrice: 'BMA-10008',
    /** Price 0 in every currency: shown as 'Free'. */
    free: 'GSZ-10009',
    /**
     * Countersunk screws M6 × 100 sold in packs (order unit PK) of 100 pieces, at least 2 packs in
     * steps of 2 (QUANTITY_RULE_FAMILIES), large stock, EUR 36.99 a pack with price breaks from 10 and
     * 40 packs, like every pack product of the demo. A generated family (27 product rows or more).
     */
    packRule: 'MSR-10019',
  },
  prices: {
    available: { EUR: 18899, acmeEUR: 16499 },
    specialPrice: { EUR: 24999, specialEUR: 19999 },
    limited: { EUR: 12999 },
    free: { EUR: 0 },
    /** A pack of 100; from 10 packs and from 40 packs (packTiers in pricing.ts). */
    packRule: { EUR: 3699, from10EUR: 3509, from40EUR: 3329 },
  },
  customers: {
    /** Plain customer on the base price list, EUR, with billing and shipping address. */
    normal: { email: 'max.mustermann@example.com', customernum: '10001', password: DEMO_PASSWORD },
    /** Customer with the 'acme' price list. */
    acme: { email: 'buyer@acme.example', customernum: '10002', password: DEMO_PASSWORD },
    /** Prices excluding tax, currency GBP. */
    excludeTax: { email: 'export@nordic.example', customernum: '10003', password: DEMO_PASSWORD },
  },
  /**
   * acme's own item numbers (its material numbers, customer_item_numbers) for three products, by sku:
   * its buyers search and quick-order by them and see them on the cart, the order and its documents.
   */
  acmeItemNumbers: { 'ASR-10003': 'ACME-4711', 'BMA-10008': 'ACME-0815', 'MSR-10019': 'ACME-M6-100' },
  /**
   * A requisition list of acme's buyer (its admin, buyer@acme.example), shared with the company to view
   * and order ('read'): every colleague (foreman2@acme.example …) sees it under My lists and adds it to
   * their cart; only its owner changes it.
   */
  acmeSharedList: {
    /** Fixed, so the demo (and its tests) can link to it. */
    id: '5eed0000-0000-4000-8000-000000000001',
    name: 'Baustelle Nord – Nachschub',
    sharing: 'read',
    lines: [
      { sku: 'ASR-10003', quantity: 2, note: 'Für Kolonne Förster' },
      { sku: 'LEM-10005', quantity: 1, note: '' },
      { sku: 'BMA-10008', quantity: 1, note: 'Nur nach Rücksprache' },
    ],
  },
  /** acme buys on invoice up to 25,000 EUR owed (src/lib/server/orders/credit.ts); the others without a limit. */
  acmeCreditLimitCents: 2_500_000,
  /**
   * The acme company's further users (its admin is its primary user, buyer@acme.example), each with their
   * own sign-in and role (src/lib/account/roles.ts).
   */
  acmeUsers: {
    // foreman1 orders up to 500 EUR on his own; a larger order waits for the approver (docs/accounts.md).
    foreman1: {
      email: 'foreman1@acme.example',
      name: 'Frank Förster',
      role: 'buyer',
      password: DEMO_PASSWORD,
      orderLimitCents: 500_00,
    },
    foreman2: { email: 'foreman2@acme.example', name: 'Greta Gruber', role: 'buyer', password: DEMO_PASSWORD },
    approver: { email: 'approver@acme.example', name: 'Anton Albers', role: 'approver', password: DEMO_PASSWORD },
  },
  /**
   * The editor workspace's demo accounts (/admin): an editor of content, an admin who also manages staff
   * and API tokens, and a sales user who orders on behalf of customers.
   */
  staff: {
    editor: { email: 'editor@example.com', password: DEMO_PASSWORD, role: 'editor' },
    admin: { email: 'admin@example.com', password: DEMO_PASSWORD, role: 'admin' },
    // Orders on behalf of a company user from /admin/customers (docs/accounts.md).
    sales: { email: 'sales@example.com', password: DEMO_PASSWORD, role: 'sales' },
  },
  priceLists: { base: 'base', acme: 'acme' },
  coupons: { percent: 'WELCOME10', fixed: 'SAVE20', singleUse: 'ONCE', expired: 'EXPIRED', inactive: 'INACTIVE' },
  shippingMethods: ['standard', 'express', 'pickup'],
  /** The content page whose HTML carries a <script> and an onclick, for sanitizer tests. */
  unsafeContentPage: 'kontakt',
} as const;
