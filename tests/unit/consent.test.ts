import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { setPersistentEngine } from '@nanostores/persistent';
import { $consent, decideConsent } from '#lib/shell/consent-store.ts';
import { resetStores } from '#tests/helpers/stores.ts';
import { CONSENT_STORAGE_KEY, parseConsent, serializeConsent } from '#lib/shell/consent.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 4, 1);

describe('parseConsent', () => {
  test('is undecided when nothing is stored', () => {
    expect(parseConsent(null, now)).toBe('undecided');
    expect(parseConsent('', now)).toBe('undecided');
  });

  test('reads an accepted decision', () => {
    expect(parseConsent(serializeConsent(true, now - DAY), now)).toBe(true);
  });

  test('reads a declined decision', () => {
    expect(parseConsent(serializeConsent(false, now - DAY), now)).toBe(false);
  });

  test('keeps a decision that is less than two years old', () => {
    expect(parseConsent(serializeConsent(true, now - 700 * DAY), now)).toBe(true);
  });

  test('asks again when the decision is older than two years', () => {
    expect(parseConsent(serializeConsent(true, now - 2 * 366 * DAY), now)).toBe('undecided');
    expect(parseConsent(serializeConsent(false, now - 3 * 365 * DAY), now)).toBe('undecided');
  });

  test.each([
    'not json',
    '{',
    'true',
    '42',
    '[]',
    '"accepted"',
    '{}',
    '{"accepted":"yes","at":1}',
    `{"accepted":true,"at":"${now}"}`,
    '{"accepted":true}',
  ])('treats the unreadable value %s as undecided', (raw) => {
    expect(parseConsent(raw, now)).toBe('undecided');
  });
});

describe('serializeConsent', () => {
  test('round-trips through parseConsent', () => {
    expect(parseConsent(serializeConsent(true, now), now)).toBe(true);
    expect(parseConsent(serializeConsent(false, now), now)).toBe(false);
  });

  test('stores the decision time, so it expires', () => {
    expect(parseConsent(serializeConsent(true, now), now + 2 * 366 * DAY)).toBe('undecided');
  });
});

describe('CONSENT_STORAGE_KEY', () => {
  test('is versioned v2', () => {
    expect(CONSENT_STORAGE_KEY).toContain('v2');
  });
});

describe('$consent', () => {
  const storage: Record<string, string> = {};
  beforeEach(() => {
    for (const key of Object.keys(storage)) delete storage[key];
    setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
  });
  afterEach(() => resetStores([$consent]));

  test('keeps the decision in storage under the versioned key, stamped with its time', () => {
    keepMount($consent);
    decideConsent(false);
    expect($consent.get()).toBe(false);
    expect(parseConsent(storage[CONSENT_STORAGE_KEY] ?? null, Date.now())).toBe(false);
  });

  test('reads a stored decision when a page starts, and an expired one as undecided', () => {
    storage[CONSENT_STORAGE_KEY] = serializeConsent(true, Date.now() - DAY);
    keepMount($consent);
    expect($consent.get()).toBe(true);
    cleanStores($consent);
    storage[CONSENT_STORAGE_KEY] = serializeConsent(true, Date.now() - 3 * 365 * DAY);
    keepMount($consent);
    expect($consent.get()).toBe('undecided');
  });
});
