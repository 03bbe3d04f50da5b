import { describe, expect, test } from 'vitest';
import { de } from '#lib/i18n/messages/de.ts';
import { en } from '#lib/i18n/messages/en.ts';
import { fr } from '#lib/i18n/messages/fr.ts';
import { it as itMessages } from '#lib/i18n/messages/it.ts';
import { isPiece, orderTerms, packContent, unitCount, unitName } from '#lib/catalog/order-unit.ts';

const ANY = { min: 1, step: 1 };
const pack = { orderUnit: 'PK', contentUnit: 'C62', unitsPerOrderUnit: 100 };
const piece = { orderUnit: 'C62', contentUnit: null, unitsPerOrderUnit: null };

describe('unitName', () => {
  test('names the common UN/ECE Recommendation 20 codes in the locale', () => {
    expect(['C62', 'PK', 'CT', 'MTR', 'KGM', 'LTR', 'SET', 'PR', 'RO', 'BX'].map((c) => unitName(en, c))).toEqual([
      'piece',
      'pack',
      'carton',
      'metre',
      'kilogram',
      'litre',
      'set',
      'pair',
      'roll',
      'box',
    ]);
    expect(['C62', 'PK', 'CT', 'MTR', 'KGM'].map((c) => unitName(de, c))).toEqual([
      'Stück',
      'Packung',
      'Karton',
      'Meter',
      'Kilogramm',
    ]);
  });

  test('reads other codes of a piece and any case as the unit they name', () => {
    expect(unitName(de, 'H87')).toBe('Stück');
    expect(unitName(en, 'EA')).toBe('piece');
    expect(unitName(en, 'pk')).toBe('pack');
    expect(isPiece('H87')).toBe(true);
    expect(isPiece('PK')).toBe(false);
  });

  test('falls back to the code for a unit the messages do not name', () => {
    expect(unitName(de, 'MTK')).toBe('MTK');
    expect(unitCount(de, 'de-DE', 'MTK', 2.5)).toBe('2,5 MTK');
  });
});

describe('unitCount', () => {
  test('counts in the plural form and the digits of the locale', () => {
    expect(unitCount(en, 'en-US', 'C62', 1)).toBe('1 piece');
    expect(unitCount(en, 'en-US', 'C62', 1000)).toBe('1,000 pieces');
    expect(unitCount(de, 'de-DE', 'C62', 1000)).toBe('1.000 Stück');
    expect(unitCount(de, 'de-DE', 'PK', 1)).toBe('1 Packung');
    expect(unitCount(de, 'de-DE', 'PK', 10)).toBe('10 Packungen');
    expect(unitCount(itMessages, 'it-IT', 'PR', 2)).toBe('2 paia');
    // French counts 0 and 1 alike (one), and measures take their symbol.
    expect(unitCount(fr, 'fr-FR', 'RO', 0)).toBe('0 rouleau');
    expect(unitCount(de, 'de-DE', 'MTR', 2.5)).toBe('2,5 m');
  });
});

describe('packContent', () => {
  test('is what an order unit holds when it holds more than itself', () => {
    expect(packContent(pack)).toEqual({ count: 100, unit: 'C62' });
    expect(packContent({ orderUnit: 'RO', contentUnit: 'MTR', unitsPerOrderUnit: 50 })).toEqual({
      count: 50,
      unit: 'MTR',
    });
    // A count alone counts pieces.
    expect(packContent({ orderUnit: 'CT', contentUnit: null, unitsPerOrderUnit: 12 })).toEqual({
      count: 12,
      unit: 'C62',
    });
  });

  test('is null for a piece of one piece, or contents not told', () => {
    expect(packContent({ orderUnit: 'C62', contentUnit: 'H87', unitsPerOrderUnit: 1 })).toBeNull();
    expect(packContent(piece)).toBeNull();
    expect(packContent({ orderUnit: 'PK', contentUnit: 'C62', unitsPerOrderUnit: 0 })).toBeNull();
  });
});

describe('orderTerms', () => {
  test('says a pack beside the price, and the quantity rule in order units', () => {
    expect(orderTerms(pack, { min: 2, step: 2 }, de, 'de-DE')).toEqual({
      pricePer: 'je Packung à 100 Stück',
      rule: 'Mindestabnahme 2 Packungen · in Schritten zu 2 Packungen',
    });
    expect(orderTerms(pack, { min: 2, step: 2 }, en, 'en-US')).toEqual({
      pricePer: 'per pack of 100 pieces',
      rule: 'Minimum order 2 packs · in steps of 2 packs',
    });
  });

  test('names a unit that is not a piece, and only the parts of the rule that apply', () => {
    const metre = { orderUnit: 'MTR', contentUnit: null, unitsPerOrderUnit: null };
    expect(orderTerms(metre, { min: 1, step: 5 }, en, 'en-US')).toEqual({
      pricePer: 'per metre',
      rule: 'In steps of 5 m',
    });
    expect(orderTerms(piece, { min: 10, step: 1 }, de, 'de-DE')).toEqual({
      pricePer: null,
      rule: 'Mindestabnahme 10 Stück',
    });
  });

  test('says nothing for a piece sold in any number', () => {
    expect(orderTerms(piece, ANY, en, 'en-US')).toEqual({ pricePer: null, rule: null });
  });
});
