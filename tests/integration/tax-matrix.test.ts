// The tax matrix (issue 31): for every kind of buyer and destination, the VAT charged, the totals and
// the note agree, from the cart through the checkout to the stored order. A 19 % product and a 7 %
// product, a 10 % coupon and paid shipping, so each rate's base is goods minus its share of the
// coupon plus its share of shipping. Expected amounts are worked out by hand below, as an accountant
// would check an invoice, not by the code under test.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Cart } from '#lib/cart/contract.ts';
import type { Order } from '#lib/checkout/contract.ts';
import { enCheckout } from '#lib/i18n/messages/checkout/en.ts';
import { orderConfirmationMail } from '#lib/server/mail/order-mail.ts';
import { useTemporaryDataDir } from '../helpers/accounts.ts';
import { rows } from '../helpers/raw-rows.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { CookieJar } from '../helpers/cart-harness.ts';
import { api, billingAddress, ok, orderRequest, orderSuite, shippingAddress } from '../helpers/order-harness.ts';
import { prepareTaxMix, STANDARD_RATED, taxMixCart } from '../helpers/tax-mix.ts';

const TAX_NOTE_TEXTS = {
  REVERSE_CHARGE: enCheckout['tax.REVERSE_CHARGE'],
  FOREIGN: enCheckout['tax.FOREIGN'],
  ONESTOPSHOP_FOREIGN: enCheckout['tax.ONESTOPSHOP_FOREIGN'],
} as Record<string, string>;

useTemporaryDataDir();

const STANDARD = STANDARD_RATED;

/**
 * Goods 188.99 at 19 % and 14.97 at 7 % (203.96); WELCOME10 takes 20.40, shared 18.90 / 1.50
 * (largest remainder); shipping 5.95 (free only from 250.00) shared by the goods after the coupon,
 * 170.09 : 13.47 → 5.51 / 0.44. Bases 175.60 and 13.91; VAT 33.36 and 0.97.
 */
const DOMESTIC = {
  taxes: [
    { ratePercent: 19, net: 175.6, tax: 33.36 },
    { ratePercent: 7, net: 13.91, tax: 0.97 },
  ],
  subtotal: 203.96,
  coupon: 20.4,
  shipping: 5.95,
  net: 189.51,
  tax: 34.33,
  gross: 223.84,
};
const EXEMPT = { taxes: [{ ratePercent: 0, net: 189.51, tax: 0 }], net: 189.51, tax: 0, gross: 189.51 };

interface Case {
  name: string;
  country: 'DE' | 'AT' | 'CH' | 'US';
  vatId?: string;
  expected: typeof DOMESTIC | typeof EXEMPT;
  note: Cart['taxNote'];
}

const CASES: Case[] = [
  { name: 'DE consumer', country: 'DE', expected: DOMESTIC, note: null },
  { name: 'DE business with a VAT id', country: 'DE', vatId: 'DE136695976', expected: DOMESTIC, note: null },
  {
    name: 'AT business with a valid VAT id',
    country: 'AT',
    vatId: 'ATU13585627',
    expected: EXEMPT,
    note: 'REVERSE_CHARGE',
  },
  // Without a valid VAT id an Austrian buyer is a consumer: the shop's VAT (TAX_OSS is off).
  { name: 'AT business without a VAT id', country: 'AT', expected: DOMESTIC, note: null },
  { name: 'CH business with a VAT id', country: 'CH', vatId: 'CHE-123.456.788', expected: EXEMPT, note: 'FOREIGN' },
  { name: 'US consumer', country: 'US', expected: EXEMPT, note: 'ONESTOPSHOP_FOREIGN' },
];

forEachDatabase('tax matrix', (ctx) => {
  const h = orderSuite(ctx);

  beforeAll(() => prepareTaxMix(ctx.db));

  async function checkedOut(c: Case): Promise<{ jar: CookieJar; cart: Cart }> {
    const jar = new CookieJar();
    return { jar, cart: await taxMixCart((domain, op, body) => api(h, jar, domain, op, body), c.country, c.vatId) };
  }

  function expectTaxed(cart: Cart, c: Case) {
    const totals = cart.totals!;
    expect(cart.taxNote).toBe(c.note);
    expect(totals.taxes).toEqual(c.expected.taxes);
    expect([totals.subtotal_excl_tax, totals.coupon_amount, totals.shipping_amount]).toEqual([203.96, 20.4, 5.95]);
    expect([totals.grandTotalExclTax, totals.tax_amount, totals.grandTotalIncTax]).toEqual([
      c.expected.net,
      c.expected.tax,
      c.expected.gross,
    ]);
    // The rows a shopper reads add up, in cents.
    const cents = (n: number) => Math.round(n * 100);
    expect(cents(totals.grandTotalExclTax) + cents(totals.tax_amount)).toBe(cents(totals.grandTotalIncTax));
    expect(totals.taxes.reduce((s, t) => s + cents(t.tax), 0)).toBe(cents(totals.tax_amount));
    expect(cart.vatRatePercent).toBe(c.expected === DOMESTIC ? 19 : 0);
  }

  for (const c of CASES) {
    test(`${c.name}: cart and order charge the same VAT and say why`, async () => {
      const { jar, cart } = await checkedOut(c);
      expectTaxed(cart, c);
      const order: Order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart)))).order!;
      expectTaxed(order.cartInfo, c);
      const [stored] = await rows<{ grand: number }>(
        ctx.db,
        sql`SELECT grand_total_cents AS grand FROM orders WHERE id = ${order.id}`,
      );
      expect(Number(stored!.grand)).toBe(Math.round(c.expected.gross * 100));
      // The confirmation mail shows the same VAT rows, total and note.
      const mail = await orderConfirmationMail(order, 'en', 'Shop', null, null, 'https://shop.example/en/agb');
      const euro = (n: number) => `€${n.toFixed(2)}`;
      for (const t of c.expected.taxes) {
        if (t.tax > 0) expect(mail.text).toContain(`VAT ${t.ratePercent}% (${euro(t.net)}): ${euro(t.tax)}`);
      }
      expect(mail.text).toContain(`Total (net): ${euro(c.expected.net)}`);
      expect(mail.text).toContain(`Total to pay: ${euro(c.expected.gross)}`);
      if (c.note) expect(mail.text).toContain(TAX_NOTE_TEXTS[c.note]);
      if (c.vatId) expect(mail.text).toContain(`VAT ID: ${c.vatId}`);
      expect(mail.text).toContain('Our terms and conditions apply:\nhttps://shop.example/en/agb');
      // The attached PDF states the same figures.
      const [pdf] = mail.attachments ?? [];
      expect(pdf?.contentType).toBe('application/pdf');
      const text = pdfText(pdf!.content).join('\n');
      expect(text).toContain(`Order confirmation ${order.transactionnum}`);
      for (const t of c.expected.taxes) if (t.tax > 0) expect(text).toContain(euro(t.tax));
      expect(text).toContain(euro(c.expected.gross));
      expect(text).toContain(euro(c.expected.net));
      if (c.vatId) expect(text).toContain(c.vatId);
      expect(text).toContain('Our terms and conditions apply: ');
      expect(text).toContain('https://shop.example/en/agb');
    });
  }

  test('a VAT id that fails its check digits is refused at the address, with nothing lost', async () => {
    const jar = new CookieJar();
    let cart = (await ok(api(h, jar, 'cart', 'add', { sku: STANDARD, quantity: 1 }))).cart!;
    const address = shippingAddress({ country: 'AT' });
    cart = (await ok(api(h, jar, 'checkout', 'update', { version: cart.version, shippingAddress: address }))).cart!;
    const refused = await api(h, jar, 'checkout', 'update', {
      version: cart.version,
      billingAddress: billingAddress({ ...address, vatId: 'ATU13585628' }),
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(JSON.stringify(refused.body)).toContain('Please enter a valid VAT ID');
    const after = (await ok(api(h, jar, 'cart', 'get', {}))).cart!;
    expect(after.shippingAddress).toMatchObject({ country: 'AT' });
    expect(after.taxNote).toBeNull();
  });
});

describe('the matrix itself', () => {
  test('the hand-worked domestic figures add up', () => {
    expect(Math.round((175.6 + 13.91) * 100)).toBe(18951);
    expect(Math.round((33.36 + 0.97) * 100)).toBe(3433);
    expect(18951 + 3433).toBe(22384);
  });
});
