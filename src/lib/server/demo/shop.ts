// Price lists, coupons and shipping methods of the demo shop.
import type * as schema from '../db/schema.ts';
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
