// Data read once and shared by many page renders (the shell of a locale, the category tree, attribute
// labels): kept until the next publish event, whatever it changed. Clearing everything is cheap, as
// the next render reads afresh, and it can never keep a stale value a finer rule forgot.
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

export function publishedMemo<V>(options: MemoOptions = {}): (key: string, load: () => Promise<V>) => Promise<V> {
  const entries = new Map<string, Slot<V>>(); // insertion order = least recently used first
  publishBus.subscribe(() => {
    if (!options.staleWhileReloading) return entries.clear();
    for (const slot of entries.values()) slot.stale = true;
  });

  const loaded = (key: string, load: () => Promise<V>): Slot<V> => {
    const slot: Slot<V> = { value: load(), stale: false, reloading: false };
    slot.value.catch(() => { if (entries.get(key) === slot) entries.delete(key); });
    return slot;
  };

  /** Reads the value again; it takes the stale one's place only when read, and only if that is still there. */
  const reload = (key: string, slot: Slot<V>, load: () => Promise<V>) => {
    slot.reloading = true;
    const next = { value: load(), stale: false, reloading: false };
    next.value.then(
      () => { if (entries.get(key) === slot) entries.set(key, next); },
      () => { slot.reloading = false; },
    );
  };

  return (key, load) => {
    // A preview renders with drafts: it neither reads nor fills what shoppers are served.
    if (inPreview()) return load();
    let slot = entries.get(key);
    if (slot) {
      entries.delete(key);
      if (slot.stale && !slot.reloading) reload(key, slot, load);
    } else {
      slot = loaded(key, load);
    }
    entries.set(key, slot);
    while (options.maxEntries !== undefined && entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    return slot.value;
  };
}
