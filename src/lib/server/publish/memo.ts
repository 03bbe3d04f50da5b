// Data read once and shared by many page renders (the shell of a locale, the category tree, attribute
// labels): kept until the next publish event, whatever it changed. Clearing everything is cheap, as
// the next render reads afresh, and it can never keep a stale value a finer rule forgot.
import { LRUCache } from 'lru-cache';
import { publishBus } from './bus.ts';
import { inPreview } from '../preview-scope.ts';

interface MemoOptions {
  /** Beyond this many, the least recently used entries go first (keys that grow with the data, such as one per customer price list). */
  maxEntries?: number;
  /**
   * Keep answering with the value from before a publish while it is read again in the background, once,
   * for values too slow to read in a request (a 20,000-entry price list takes about 300 ms): the first
   * reader after a publish gets the old value at once, the new one replaces it when it is read.
   */
  staleWhileReloading?: boolean;
}

interface Slot<V> {
  value: Promise<V>;
  /** A publish came after this value was read. */
  stale: boolean;
  reloading: boolean;
}

/**
 * Reading a key is its use. lru-cache wants a bound: a memo without maxEntries counts each key as one
 * against a size it never reaches, its keys being bounded by the data (locales, categories) anyway.
 */
const memoEntries = <V>(maxEntries = Number.MAX_SAFE_INTEGER) =>
  new LRUCache<string, Slot<V>>({ maxSize: maxEntries, sizeCalculation: () => 1 });

export function publishedMemo<V>(options: MemoOptions = {}): (key: string, load: () => Promise<V>) => Promise<V> {
  const entries = memoEntries<V>(options.maxEntries);
  publishBus.subscribe(() => {
    if (!options.staleWhileReloading) return entries.clear();
    for (const slot of entries.values()) slot.stale = true;
  });

  const loaded = (key: string, load: () => Promise<V>): Slot<V> => {
    const value = load();
    const slot: Slot<V> = { value, stale: false, reloading: false };
    value.catch(() => {
      if (entries.peek(key) === slot && slot.value === value) entries.delete(key);
    });
    return slot;
  };

  /**
   * Reads the value again; it takes the stale one's place only when read. The slot is updated in
   * place, so the reload is not a use of the key (a set would be).
   */
  const reload = (slot: Slot<V>, load: () => Promise<V>) => {
    slot.reloading = true;
    const value = load();
    value.then(
      () => Object.assign(slot, { value, stale: false, reloading: false }),
      () => {
        slot.reloading = false;
      },
    );
  };

  return (key, load) => {
    // A preview renders with drafts: it neither reads nor fills what shoppers are served.
    if (inPreview()) return load();
    const slot = entries.get(key);
    if (!slot) {
      const fresh = loaded(key, load);
      entries.set(key, fresh);
      return fresh.value;
    }
    if (slot.stale && !slot.reloading) reload(slot, load);
    return slot.value;
  };
}
