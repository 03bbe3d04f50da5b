// Price lists, coupons, shipping methods and fulfilment terms of the demo shop.
import type * as schema from '../db/schema.ts';
import type { FulfilmentSetting } from '#lib/content/schemas.ts';
import { PRICE_LIST_IDS } from './products.ts';
import { t } from './vocabulary.ts';

export const PRICE_LISTS: (typeof schema.priceLists.$inferInsert)[] = [
  { id: PRICE_LIST_IDS.base, code: 'base', name: 'Basispreisliste (öffentlich)' },
  { id: PRICE_LIST_IDS.acme, code: 'acme', name: 'ACME Industrietechnik GmbH' },
];

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

export const COUPONS: (typeof schema.coupons.$inferInsert)[] = [
  { code: 'WELCOME10', kind: 'percent', value: 10, minSubtotalCents: 0, validFrom: day('2025-01-01') },
  { code: 'SAVE20', kind: 'fixed', value: 2000, minSubtotalCents: 10000, validFrom: day('2025-01-01') },
  { code: 'ONCE', kind: 'percent', value: 15, maxRedemptions: 1 },
  { code: 'EXPIRED', kind: 'percent', value: 20, validFrom: day('2024-01-01'), validTo: day('2025-01-01') },
  { code: 'INACTIVE', kind: 'percent', value: 5, isActive: false },
];

export const SHIPPING_METHODS: (typeof schema.shippingMethods.$inferInsert)[] = [
  {
    code: 'standard',
    position: 0,
    priceCents: 595,
    freeFromCents: 25000,
    currencyPrices: { GBP: { priceCents: 550, freeFromCents: 22000 }, USD: { priceCents: 695, freeFromCents: 27500 } },
    labels: t('Standardversand', 'Standard shipping', 'Livraison standard', 'Envío estándar', 'Spedizione standard'),
    countries: ['DE', 'AT', 'CH', 'FR', 'ES', 'IT', 'NL', 'BE', 'LU', 'PL', 'DK', 'GB', 'US'],
  },
  {
    code: 'express',
    position: 1,
    priceCents: 1495,
    freeFromCents: null,
    currencyPrices: { GBP: { priceCents: 1295, freeFromCents: null } },
    labels: t('Expressversand', 'Express shipping', 'Livraison express', 'Envío exprés', 'Spedizione espressa'),
    countries: ['DE', 'AT'],
  },
  {
    code: 'pickup',
    position: 2,
    priceCents: 0,
    freeFromCents: null,
    labels: t(
      'Abholung in Stuttgart',
      'Collection in Stuttgart',
      'Retrait à Stuttgart',
      'Recogida en Stuttgart',
      'Ritiro a Stoccarda',
    ),
    countries: ['DE'],
  },
];

/**
 * Delivery and return terms, as the shop's texts state them: orders by 2 pm ship the same working day,
 * later ones the next; express arrives the next working day. Standard parcels take a day within
 * Germany and up to three to the farthest countries served. Collection has no transit, so it is not
 * shipping. Business customers may return goods within 30 days by mail at their own cost.
 */
export const FULFILMENT_SETTING: FulfilmentSetting = {
  handlingDays: { minDays: 0, maxDays: 1 },
  transitDays: { standard: { minDays: 1, maxDays: 3 }, express: { minDays: 1, maxDays: 1 } },
  returnDays: 30,
  returnMethod: 'mail',
  returnFees: 'customer',
};
