// The payment step's text for an order the server refused: every order cap has its own text in every
// language, the payment step receives it, and the cap it names is formatted for the shopper.
import { describe, expect, test } from 'vitest';
import { ApiClientError } from '#lib/http/client.ts';
import { fill } from '#lib/i18n/format.ts';
import { de } from '#lib/i18n/messages/de.ts';
import { en } from '#lib/i18n/messages/en.ts';
import { es } from '#lib/i18n/messages/es.ts';
import { fr } from '#lib/i18n/messages/fr.ts';
import { it } from '#lib/i18n/messages/it.ts';
import { namedItems, orderErrorKey, orderErrorValues } from '#islands/checkout/order-error.ts';
import { PAYMENT_STEP_KEYS } from '#islands/checkout/PaymentStep.tsx';

const refusals = [
  new ApiClientError('ORDER_VALUE_LIMIT', 'Orders above 5000.00 EUR cannot be placed online.', 409, {
    maxTotal: 5000,
    currency: 'EUR',
  }),
  new ApiClientError('ORDER_QUANTITY_LIMIT', 'Orders of more than 500 pieces cannot be placed online.', 409, {
    maxPieces: 500,
  }),
  new ApiClientError('TOO_MANY_OPEN_ORDERS', 'There are too many unpaid orders from you.', 429, {
    maxOpenOrders: 3,
    retryAfter: 86_000,
  }),
  new ApiClientError('CREDIT_LIMIT_EXCEEDED', 'This order would exceed the credit limit.', 409, {
    creditLimit: 25000,
    openBalance: 24000.5,
    orderTotal: 1200,
    currency: 'EUR',
  }),
  new ApiClientError('CREDIT_CURRENCY', 'Your company buys on invoice in EUR.', 409, { currency: 'EUR' }),
  new ApiClientError('QUANTITY_RULE', 'Order Drill (DRL-750) in steps of 2 from 2 pieces.', 409, {
    skus: ['DRL-750'],
    items: [{ sku: 'DRL-750', name: 'Drill', min: 2, step: 2, problem: 'off-step' }],
  }),
];

describe('orderErrorKey', () => {
  test.each(refusals.map((e) => [e.code, e] as const))(
    '%s has a text of its own, which the payment step receives',
    (_code, error) => {
      const key = orderErrorKey(error);
      expect(key).not.toBe('checkout.orderError');
      expect(PAYMENT_STEP_KEYS).toContain(key);
      for (const messages of [de, en, fr, es, it]) expect(messages[key].trim()).not.toBe('');
    },
  );

  test('a quantity rule names the items to change', () => {
    expect(namedItems(refusals.at(-1))).toEqual(['Drill (DRL-750)']);
  });

  test("names the cap, formatted for the shopper's language", () => {
    const [value, pieces, open] = refusals.map((e) => fill(en[orderErrorKey(e)], orderErrorValues(e, 'en-GB')));
    expect(value).toBe(
      'Orders above €5,000.00 cannot be placed online. Please reduce the quantities, split the order or contact us.',
    );
    expect(pieces).toContain('(500)');
    expect(open).toContain('(3)');
    expect(fill(de[orderErrorKey(refusals[0])], orderErrorValues(refusals[0], 'de-DE'))).toMatch(/5\.000,00\s€/);
    expect(fill(de[orderErrorKey(refusals[1])], orderErrorValues(refusals[1], 'de-DE'))).not.toContain('{{');
  });

  test('a credit refusal names the limit, the open balance and the order, in every language', () => {
    const [credit, currency] = [refusals[3]!, refusals[4]!];
    expect(fill(en[orderErrorKey(credit)], orderErrorValues(credit, 'en-GB'))).toBe(
      'This order of €1,200.00 on invoice would exceed your company’s credit limit of €25,000.00: €24,000.50 is still open. Please choose another payment method or contact us.',
    );
    expect(fill(de[orderErrorKey(credit)], orderErrorValues(credit, 'de-DE'))).toMatch(
      /1\.200,00\s€ .*25\.000,00\s€ überschreiten: 24\.000,50\s€ sind noch offen/,
    );
    for (const messages of [de, en, fr, es, it]) {
      expect(fill(messages[orderErrorKey(credit)], orderErrorValues(credit, 'de-DE'))).not.toContain('{{');
      expect(fill(messages[orderErrorKey(currency)], orderErrorValues(currency, 'de-DE'))).toContain('EUR');
    }
  });
});
