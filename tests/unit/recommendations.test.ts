import { describe, expect, test } from 'vitest';
import { CAROUSEL, RECOMMENDATION_LIMIT } from '#lib/catalog/recommendations.ts';

describe('constants', () => {
  test('are the recommendation limit and carousel geometry', () => {
    expect(RECOMMENDATION_LIMIT).toBe(20);
    expect(CAROUSEL).toEqual({ peek: 16, perViewMobile: 2, desktopFrom: 1024 });
  });
});
