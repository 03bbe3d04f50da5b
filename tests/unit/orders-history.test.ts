import { describe, expect, test } from 'vitest';
import { orderListRow } from '#lib/orders/history.ts';
import type { Order } from '#lib/checkout/contract.ts';

const order = (overrides: Partial<Order> = {}, total: number | null = 119.5): Order => ({
  id: '6f1c2a9e-0000-4000-8000-000000000001',
  transactionnum: '100042',
  status: 'pending',
  confirmed: false,
  paymentStatus: 'open',
  paymentMethodCode: 'invoice',
  approval: null,
  createdDate: '2026-03-04T10:00:00.000Z',
  lastModified: '2026-03-04T10:00:00.000Z',
  email: 'a@example.com',
  currency: 'GBP',
  orderReference: null,
  comment: null,
  feedback: null,
  hasAccount: true,
  cartInfo: { totals: total === null ? null : { grandTotalIncTax: total } } as unknown as Order['cartInfo'],
  ...overrides,
});

describe('the order date', () => {
  const formatOrderDate = (createdDate: string, intlLocale: string) =>
    orderListRow(order({ createdDate }), intlLocale, 'Free').date;

  test("shows day, month and year in the locale's order: en-GB is the uk format", () => {
    expect(formatOrderDate('2026-03-04T10:00:00.000Z', 'en-GB')).toBe('04/03/2026');
    expect(formatOrderDate('2026-03-04T10:00:00.000Z', 'de-DE')).toBe('04.03.2026');
  });

  test('shows nothing for a date it cannot read', () => {
    expect(formatOrderDate('not a date', 'en-GB')).toBe('');
  });
});

describe('orderListRow', () => {
  test("shows number, date, total in the order's currency, payment status and the detail path", () => {
    expect(orderListRow(order(), 'en-GB', 'Free')).toEqual({
      id: order().id,
      number: '100042',
      createdDate: '2026-03-04T10:00:00.000Z',
      date: '04/03/2026',
      total: '£119.50',
      paymentStatus: 'open',
      cancelled: false,
      awaitingApproval: false,
      detailPath: `/my-account/order-history/${order().id}`,
    });
  });

  test('says when the order is cancelled (an unpaid order that expired)', () => {
    expect(orderListRow(order({ status: 'cancelled' }), 'en-GB', 'Free').cancelled).toBe(true);
    expect(orderListRow(order({ status: 'confirmed' }), 'en-GB', 'Free').cancelled).toBe(false);
  });

  test('says when the order waits for approval in the company', () => {
    expect(orderListRow(order({ status: 'awaiting_approval' }), 'en-GB', 'Free').awaitingApproval).toBe(true);
    expect(orderListRow(order({ status: 'pending' }), 'en-GB', 'Free').awaitingApproval).toBe(false);
  });

  test('shows no total for an order placed without visible prices', () => {
    expect(orderListRow(order({}, null), 'en-GB', 'Free').total).toBe('');
  });
});
