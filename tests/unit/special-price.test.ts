import { describe, expect, test } from 'vitest';
import { firstSpecialEnd, specialEndsAt, specialOn, utcDay } from '#lib/catalog/special-price.ts';
import { rulesUntil } from '#lib/server/publish/page-rules.ts';

describe('specialOn', () => {
  test('applies a special price up to and including its last day', () => {
    expect(specialOn(899, '2030-06-30', '2030-06-29')).toBe(899);
    expect(specialOn(899, '2030-06-30', '2030-06-30')).toBe(899);
    expect(specialOn(899, '2030-06-30', '2030-07-01')).toBeNull();
  });

  test('applies a special price without a last day for good, and no special as none', () => {
    expect(specialOn(899, null, '2099-12-31')).toBe(899);
    expect(specialOn(null, '2030-06-30', '2030-06-01')).toBeNull();
  });
});

describe('utcDay', () => {
  test('is the calendar day in UTC, whatever the hour elsewhere', () => {
    expect(utcDay(new Date('2030-06-30T23:30:00-02:00'))).toBe('2030-07-01');
  });
});

describe('specialEndsAt', () => {
  test('ends a special at the start of the UTC day after its last, across a month and a year', () => {
    expect(specialEndsAt('2030-06-30').toISOString()).toBe('2030-07-01T00:00:00.000Z');
    expect(specialEndsAt('2030-12-31').toISOString()).toBe('2031-01-01T00:00:00.000Z');
  });
});

describe('firstSpecialEnd', () => {
  const entry = (specialUntil?: string) => ({ priceInfo: { specialUntil } });

  test('is the end of the first special to end among the entries', () => {
    expect(firstSpecialEnd([entry(), entry('2030-08-01'), { priceInfo: null }, entry('2030-07-15')])).toEqual(
      new Date('2030-07-16T00:00:00Z'),
    );
  });

  test('is undefined when no special shown ends', () => {
    expect(firstSpecialEnd([entry(), { priceInfo: null }])).toBeUndefined();
  });
});

describe('rulesUntil', () => {
  const now = new Date('2030-07-15T12:00:00Z');

  test('keeps the usual rules for a page whose prices do not end within them', () => {
    expect(rulesUntil(undefined, now)).toEqual({ maxAge: 300, swr: 86_400 });
    expect(rulesUntil(new Date('2030-08-01T00:00:00Z'), now)).toEqual({ maxAge: 300, swr: 86_400 });
  });

  test('never lets a page, fresh or stale, be served past the end of a price it shows', () => {
    const end = new Date('2030-07-16T00:00:00Z');
    expect(rulesUntil(end, now)).toEqual({ maxAge: 300, swr: 43_200 - 300 });
    expect(rulesUntil(end, new Date('2030-07-15T23:58:20Z'))).toEqual({ maxAge: 100, swr: 0 });
  });

  test('does not cache a page whose price has ended', () => {
    expect(rulesUntil(new Date('2030-07-15T11:00:00Z'), now)).toEqual({ maxAge: 0, swr: 0 });
  });
});
