import { describe, expect, test } from 'vitest';
import { orderCancelledMail } from '#lib/server/mail/order-cancelled-mail.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import type { Order } from '#lib/checkout/contract.ts';

const order = {
  id: '0b5c2f1e-3c7d-4f7a-9d57-2f0d1a9e8c11',
  transactionnum: '100042',
  status: 'cancelled',
  confirmed: false,
  paymentStatus: 'open',
  paymentMethodCode: 'stripe',
  createdDate: '2026-01-01T00:00:00.000Z',
  lastModified: '2026-01-02T00:00:00.000Z',
  email: 'erika@example.com',
  currency: 'EUR',
  orderReference: null,
  comment: null,
  feedback: null,
  hasAccount: false,
  cartInfo: {
    cartItems: [{ quantity: 4, name: 'Laser meter', itemnum: 'LEM-10005', rowTotalInclTax: 519.96 }],
    billingAddress: { firstName: 'Erika', lastName: 'Mustermann' },
    shippingMethod: null,
    totals: null,
  },
} as unknown as Order;

describe('orderCancelledMail', () => {
  test('tells the buyer the order was not completed in the hold time, lists it and links to it', () => {
    const mail = orderCancelledMail(order, 'en', 'ProTool Supply', 24, 'token');
    expect(mail.to).toBe('erika@example.com');
    expect(mail.subject).toBe('Your order 100042 at ProTool Supply has been cancelled');
    expect(mail.text).toContain('Hello Erika Mustermann,');
    expect(mail.text).toContain('your order 100042 was not completed within 24 hours');
    expect(mail.text).toContain('4 × Laser meter (LEM-10005)');
    expect(mail.text).toMatch(/\/en\/order\/0b5c2f1e-3c7d-4f7a-9d57-2f0d1a9e8c11\?access=token/);
  });

  test.each(LOCALES)('speaks %s, every placeholder filled', (locale) => {
    const mail = orderCancelledMail(order, locale, 'ProTool Supply', 48, null);
    expect(mail.subject).toContain('100042');
    expect(mail.text).toContain('48');
    expect(`${mail.subject}\n${mail.text}`).not.toContain('{{');
  });
});
