import { describe, expect, test } from 'vitest';
import { buyerSteps, isExpired, staffMayAnswer, utcDay } from '#lib/quotes/rules.ts';
import { typedCents } from '#lib/server/quotes/workspace-page.ts';

describe('isExpired', () => {
  const now = new Date('2026-06-15T23:30:00Z');
  test('counts the last valid day in full, in UTC', () => {
    expect(isExpired({ status: 'answered', validUntil: '2026-06-15' }, now)).toBe(false);
    expect(isExpired({ status: 'accepted', validUntil: '2026-06-14' }, now)).toBe(true);
  });
  test('only answered and accepted quotes expire', () => {
    for (const status of ['requested', 'declined', 'ordered'] as const)
      expect(isExpired({ status, validUntil: '2020-01-01' }, now)).toBe(false);
  });
  test('utcDay is the UTC calendar day', () => {
    expect(utcDay(new Date('2026-06-15T23:59:59-02:00'))).toBe('2026-06-16');
  });
});

describe('buyerSteps', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  test('an answer may be accepted, asked about or declined; an expired one only asked about or declined', () => {
    expect(buyerSteps({ status: 'answered', validUntil: '2026-06-20' }, now)).toEqual({
      accept: true,
      ask: true,
      decline: true,
    });
    expect(buyerSteps({ status: 'answered', validUntil: '2026-06-01' }, now)).toEqual({
      accept: false,
      ask: true,
      decline: true,
    });
  });
  test('a request waits, an accepted quote may be declined or asked about once expired, a closed one allows nothing', () => {
    expect(buyerSteps({ status: 'requested', validUntil: null }, now)).toEqual({
      accept: false,
      ask: false,
      decline: true,
    });
    expect(buyerSteps({ status: 'accepted', validUntil: '2026-06-20' }, now)).toEqual({
      accept: false,
      ask: false,
      decline: true,
    });
    expect(buyerSteps({ status: 'accepted', validUntil: '2026-06-01' }, now).ask).toBe(true);
    for (const status of ['declined', 'ordered'] as const)
      expect(buyerSteps({ status, validUntil: null }, now)).toEqual({ accept: false, ask: false, decline: false });
    expect(staffMayAnswer('answered')).toBe(true);
    expect(staffMayAnswer('accepted')).toBe(false);
  });
});

describe('typedCents', () => {
  test.each([
    ['12,50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['1.234,56', 123_456],
    ['1,234.56', 123_456],
    ['1 234,56', 123_456],
    ['0,99', 99],
  ])('reads %s as %i cents', (typed, cents) => {
    expect(typedCents(typed)).toBe(cents);
  });
  test.each(['', 'abc', '-5', '12,345', '1.234', '1,2,3', '12.50 EUR', '1e3'])('refuses %j', (typed) => {
    expect(typedCents(typed)).toBeNaN();
  });
});
