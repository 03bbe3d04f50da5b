import { describe, expect, test } from 'vitest';
import { chargedRate, standardRate, taxRegime, type TaxBuyer, type TaxSettings } from '#lib/tax/regime.ts';

const shop: TaxSettings = { shopCountry: 'DE', oss: false };
const buyer = (over: Partial<TaxBuyer> = {}): TaxBuyer => ({
  accountExcluded: false,
  destination: 'DE',
  billingCountry: 'DE',
  vatId: '',
  ...over,
});
/** Valid by format and check digits (python-stdnum's examples). */
const AT_VAT_ID = 'ATU13585627';
const DE_VAT_ID = 'DE136695976';

describe('taxRegime', () => {
  test('domestic consumers and businesses pay the product rate, without a note', () => {
    expect(taxRegime(buyer(), shop)).toEqual({ kind: 'domestic', country: 'DE', note: null });
    expect(taxRegime(buyer({ vatId: DE_VAT_ID }), shop)).toEqual({ kind: 'domestic', country: 'DE', note: null });
  });

  test('before a shipping address is known the cart is taxed as domestic', () => {
    expect(taxRegime(buyer({ destination: null, billingCountry: null }), shop).kind).toBe('domestic');
  });

  test('an account flagged excludeTax pays nothing wherever the goods go', () => {
    for (const destination of ['DE', 'AT', 'CH', null]) {
      expect(taxRegime(buyer({ accountExcluded: true, destination }), shop)).toMatchObject({
        kind: 'exempt',
        note: 'ACCOUNT_EXCLUDE',
      });
    }
  });

  test('an EU business with a valid VAT id of another member state gets the intra-Community exemption', () => {
    const at = buyer({ destination: 'AT', billingCountry: 'AT', vatId: AT_VAT_ID });
    expect(taxRegime(at, shop)).toMatchObject({ kind: 'exempt', note: 'REVERSE_CHARGE' });
    expect(taxRegime({ ...at, vatId: 'atu 135 856 27' }, shop)).toMatchObject({ note: 'REVERSE_CHARGE' });
  });

  test('a VAT id that fails its check digits, or is the shop country’s own, does not exempt', () => {
    expect(taxRegime(buyer({ destination: 'AT', billingCountry: 'AT', vatId: 'ATU13585628' }), shop)).toEqual({
      kind: 'domestic',
      country: 'DE',
      note: null,
    });
    expect(taxRegime(buyer({ destination: 'AT', billingCountry: 'DE', vatId: DE_VAT_ID }), shop).kind).toBe('domestic');
  });

  test('deliveries out of the EU are exports at 0 %, noted for businesses and consumers', () => {
    expect(taxRegime(buyer({ destination: 'CH', billingCountry: 'CH', vatId: 'CHE-123.456.788' }), shop)).toMatchObject(
      { kind: 'exempt', note: 'FOREIGN' },
    );
    expect(taxRegime(buyer({ destination: 'US', billingCountry: 'US' }), shop)).toMatchObject({
      kind: 'exempt',
      note: 'ONESTOPSHOP_FOREIGN',
    });
  });

  test('EU consumers pay the shop’s VAT unless the merchant charges One-Stop-Shop VAT', () => {
    const fr = buyer({ destination: 'FR', billingCountry: 'FR' });
    expect(taxRegime(fr, shop)).toEqual({ kind: 'domestic', country: 'DE', note: null });
    expect(taxRegime(fr, { ...shop, oss: true })).toEqual({
      kind: 'destination',
      country: 'FR',
      note: 'ONESTOPSHOP_EU',
    });
    // Cyprus's standard rate is Germany's: the prices do not change.
    expect(taxRegime(buyer({ destination: 'CY', billingCountry: 'CY' }), { ...shop, oss: true }).note).toBe(
      'ONESTOPSHOP_VATMATCH',
    );
  });

  test('a shop outside the EU exports to every other country', () => {
    expect(taxRegime(buyer({ destination: 'DE' }), { shopCountry: 'CH', oss: false })).toMatchObject({
      kind: 'exempt',
      note: 'ONESTOPSHOP_FOREIGN',
    });
  });
});

describe('chargedRate', () => {
  const domestic = taxRegime(buyer(), shop);
  const oss = taxRegime(buyer({ destination: 'FR', billingCountry: 'FR' }), { ...shop, oss: true });
  const exempt = taxRegime(buyer({ destination: 'US' }), shop);

  test('domestic: the catalogue rate, the shop’s standard rate where it names none', () => {
    expect(chargedRate(domestic, 7, 'DE')).toBe(700);
    expect(chargedRate(domestic, 19, 'DE')).toBe(1900);
    expect(chargedRate(domestic, null, 'DE')).toBe(1900);
    expect(chargedRate(domestic, 0, 'DE')).toBe(0);
  });

  test('One-Stop-Shop: the destination’s rate of the same class', () => {
    expect(chargedRate(oss, 19, 'DE')).toBe(2000);
    expect(chargedRate(oss, null, 'DE')).toBe(2000);
    expect(chargedRate(oss, 7, 'DE')).toBe(550);
    expect(chargedRate(oss, 0, 'DE')).toBe(0);
  });

  test('exempt: nothing', () => {
    expect(chargedRate(exempt, 19, 'DE')).toBe(0);
    expect(standardRate(exempt)).toBe(0);
    expect(standardRate(domestic)).toBe(1900);
    expect(standardRate(oss)).toBe(2000);
  });
});
