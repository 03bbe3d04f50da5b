import { describe, expect, test } from 'vitest';
import { orderConfirmationMail } from '#lib/server/mail/order-mail.ts';
import { INVOICE_SETTING } from '#lib/server/demo/home-content.ts';
import type { Order } from '#lib/checkout/contract.ts';

const order = {
  id: '0b5c2f1e-3c7d-4f7a-9d57-2f0d1a9e8c11',
  transactionnum: 'ORD-100042',
  status: 'pending',
  confirmed: true,
  paymentStatus: 'open',
  paymentMethodCode: 'invoice',
  createdDate: '2026-01-01T00:00:00.000Z',
  lastModified: '2026-01-01T00:00:00.000Z',
  email: 'max.mustermann@example.com',
  currency: 'EUR',
  orderReference: null,
  comment: null,
  feedback: null,
  hasAccount: false,
  cartInfo: {
    cartItems: [],
    billingAddress: { firstName: 'Max', lastName: 'Mustermann' },
    shippingMethod: null,
    totals: null,
  },
} as unknown as Order;

describe('orderConfirmationMail', () => {
  test('gives an invoice order the payment terms and the bank account with the order number as reference', async () => {
    const mail = await orderConfirmationMail(order, 'en', 'ProTool Supply', INVOICE_SETTING);
    expect(mail.text).toContain('Payable within 14 days without deduction.');
    expect(mail.text).toContain('Account holder: ProTool Supply GmbH');
    expect(mail.text).toContain('IBAN: DE89 3704 0044 0532 0130 00');
    expect(mail.text).toContain('BIC: COBADEFFXXX');
    expect(mail.text).toContain('Payment reference: ORD-100042');
    expect(mail.html).toContain('Payable within 14 days without deduction.');
  });

  test("speaks the order's language", async () => {
    const mail = await orderConfirmationMail(order, 'de', 'ProTool Supply', INVOICE_SETTING);
    expect(mail.text).toContain('Zahlbar innerhalb von 14 Tagen ohne Abzug.');
    expect(mail.text).toContain('Verwendungszweck: ORD-100042');
  });

  test('shows no bank account for other payment methods, for paid orders or without the setting', async () => {
    expect(
      (await orderConfirmationMail({ ...order, paymentMethodCode: 'paypal' }, 'en', 'Shop', INVOICE_SETTING)).text,
    ).not.toContain('IBAN');
    expect(
      (await orderConfirmationMail({ ...order, paymentStatus: 'paid' }, 'en', 'Shop', INVOICE_SETTING)).text,
    ).not.toContain('IBAN');
    expect((await orderConfirmationMail(order, 'en', 'Shop', null)).text).not.toContain('IBAN');
  });
});
