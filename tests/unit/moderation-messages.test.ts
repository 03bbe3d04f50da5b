import { describe, expect, test } from 'vitest';
import { moderationMessages } from '#lib/admin/moderation-messages.ts';
import { auditHref, auditTargetPath, REVIEW_FILTERS } from '#lib/admin/moderation-rules.ts';
import { REVIEW_STATUSES } from '#lib/reviews/rules.ts';

describe('moderationMessages', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

  test('every language has the German keys, no empty text and the same placeholders', () => {
    for (const [locale, messages] of Object.entries(moderationMessages)) {
      expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(moderationMessages.de).sort());
      for (const [key, text] of Object.entries(messages)) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(text), `${locale} ${key}`).toEqual(
          placeholders(moderationMessages.de[key as keyof typeof moderationMessages.de]),
        );
      }
    }
  });

  test('names every view of the queue, every status and each decision done', () => {
    const keys = new Set(Object.keys(moderationMessages.de));
    const needed = [
      ...REVIEW_FILTERS.map((f) => `reviews.filter.${f}`),
      ...REVIEW_STATUSES.map((s) => `reviews.status.${s}`),
      ...['publish', 'reject', 'reply'].map((a) => `reviews.done.${a}`),
    ];
    for (const key of needed) expect(keys.has(key), key).toBe(true);
  });
});

describe('auditTargetPath', () => {
  test('leads a content entry to its editor and a review to the queue; anything else nowhere', () => {
    expect(auditTargetPath('block:menu:en')).toBe('/admin/entry?type=block&identifier=menu&locale=en');
    expect(auditTargetPath('page:agb:*')).toBe('/admin/entry?type=page&identifier=agb&locale=');
    const id = '37459a98-b0cc-477e-9062-2f1ca26850d6';
    expect(auditTargetPath(`review:${id}`)).toBe(`/admin/reviews?status=all#review-${id}`);
    for (const other of ['staff:3', 'token:2', 'product:ASR-10003', 'block:menu', 'review:../x'])
      expect(auditTargetPath(other), other).toBeNull();
  });
});

describe('auditHref', () => {
  test('carries only the filters that are set', () => {
    expect(auditHref({})).toBe('/admin/audit');
    expect(auditHref({ actor: '', action: 'publish', q: 'a&b', before: 40 })).toBe(
      '/admin/audit?action=publish&q=a%26b&before=40',
    );
  });
});
