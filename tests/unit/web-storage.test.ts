// Persistent stores keep their values in localStorage, except those that must end with the browser
// tab (sessionKey), which live in sessionStorage under their plain key.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { sessionKey } from '#lib/shell/web-storage.ts';
import { MemoryStorage } from '#tests/helpers/memory-storage.ts';

const $forever = persistentAtom<string | undefined>('test-forever', undefined);
const $forTheTab = persistentAtom<string | undefined>(sessionKey('test-tab'), undefined);

describe('sessionKey', () => {
  let local: MemoryStorage;
  let session: MemoryStorage;
  beforeEach(() => {
    local = new MemoryStorage();
    session = new MemoryStorage();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);
  });
  afterEach(() => {
    cleanStores($forever, $forTheTab);
    vi.unstubAllGlobals();
  });

  test('puts a session store into sessionStorage and every other store into localStorage', () => {
    keepMount($forever);
    keepMount($forTheTab);
    $forever.set('a');
    $forTheTab.set('b');
    expect([local.getItem('test-forever'), local.getItem('test-tab')]).toEqual(['a', null]);
    expect([session.getItem('test-tab'), session.getItem('test-forever')]).toEqual(['b', null]);
    $forTheTab.set(undefined);
    expect(session.length).toBe(0);
  });

  test('reads what an earlier page of the tab stored', () => {
    session.setItem('test-tab', 'stored');
    keepMount($forTheTab);
    expect($forTheTab.get()).toBe('stored');
  });

  test('keeps a value for the page when the browser refuses to store it', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem() {},
    });
    keepMount($forTheTab);
    $forTheTab.set('kept');
    cleanStores($forTheTab);
    keepMount($forTheTab);
    expect($forTheTab.get()).toBe('kept');
  });
});
