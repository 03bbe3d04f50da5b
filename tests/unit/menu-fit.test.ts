import { describe, expect, test } from 'vitest';
import { fittingCount } from '#lib/shell/menu-fit.ts';

describe('fittingCount', () => {
  test('keeps every entry when all fit, without a More entry', () => {
    expect(fittingCount([100, 200, 300], 80, 600)).toBe(3);
  });
  test('moves the entries that do not fit behind More, leaving room for it', () => {
    // 100 + 200 + More 80 = 380 fits in 450; adding 300 would not.
    expect(fittingCount([100, 200, 300], 80, 450)).toBe(2);
    expect(fittingCount([100, 200, 300], 80, 379)).toBe(1);
  });
  test('shows More alone when not even the first entry fits beside it', () => {
    expect(fittingCount([500, 100], 80, 400)).toBe(0);
  });
});
