import { describe, expect, test } from 'vitest';
import { approvalReasons, maySelfDecide, parseAmount } from '#lib/account/approval.ts';

const none = { orderLimitCents: null, monthlyBudgetCents: null, spentCents: 0 };

describe('approvalReasons', () => {
  test('no limits: placed at once', () => {
    expect(
      approvalReasons({ totalCents: 10_000_00, user: none, company: { monthlyBudgetCents: null, spentCents: 0 } }),
    ).toEqual([]);
  });

  test('over the order limit; exactly at it passes', () => {
    const user = { ...none, orderLimitCents: 500_00 };
    const company = { monthlyBudgetCents: null, spentCents: 0 };
    expect(approvalReasons({ totalCents: 500_01, user, company })).toEqual(['orderLimit']);
    expect(approvalReasons({ totalCents: 500_00, user, company })).toEqual([]);
  });

  test("the user's spend this month plus the order over their budget", () => {
    const user = { ...none, monthlyBudgetCents: 1000_00, spentCents: 900_00 };
    const company = { monthlyBudgetCents: null, spentCents: 0 };
    expect(approvalReasons({ totalCents: 100_01, user, company })).toEqual(['userBudget']);
    expect(approvalReasons({ totalCents: 100_00, user, company })).toEqual([]);
  });

  test("the company's spend plus the order over the company's budget, with every reason named", () => {
    const user = { orderLimitCents: 50_00, monthlyBudgetCents: 60_00, spentCents: 20_00 };
    const company = { monthlyBudgetCents: 5000_00, spentCents: 4990_00 };
    expect(approvalReasons({ totalCents: 60_00, user, company })).toEqual([
      'orderLimit',
      'userBudget',
      'companyBudget',
    ]);
  });

  test('a budget of zero sends every order with a price to approval', () => {
    expect(
      approvalReasons({
        totalCents: 1,
        user: { ...none, monthlyBudgetCents: 0 },
        company: { monthlyBudgetCents: null, spentCents: 0 },
      }),
    ).toEqual(['userBudget']);
  });
});

describe('maySelfDecide', () => {
  test('nobody decides on their own order while another approver can', () => {
    expect(maySelfDecide('u1', 'u1', 1)).toBe(false);
    expect(maySelfDecide('u1', 'u1', 0)).toBe(true);
    expect(maySelfDecide('u1', 'u2', 3)).toBe(true);
  });
});

describe('parseAmount', () => {
  test.each([
    ['', null],
    ['  ', null],
    ['500', 500_00],
    ['1250.5', 1250_50],
    ['1.250,50', 1250_50],
    ['1,250.50', 1250_50],
    ['1.250', 1250_00],
    ['12,345', 12345_00],
    ['0,99', 99],
    ['-0', 0],
  ])('%j is %s cents', (input, cents) => {
    expect(parseAmount(input)).toEqual({ ok: true, cents });
  });

  test.each([
    ['abc', 'BUDGET_NOT_A_NUMBER'],
    ['1e9', 'BUDGET_NOT_A_NUMBER'],
    ['1.250.50', 'BUDGET_NOT_A_NUMBER'],
    ['-5', 'BUDGET_NEGATIVE'],
    ['99999999999', 'BUDGET_TOO_LARGE'],
  ])('%j is refused with %s', (input, code) => {
    expect(parseAmount(input)).toEqual({ ok: false, code });
  });
});
