// Data read once and shared by many page renders (the shell of a locale, the category tree, attribute
// labels): kept until the next publish event, whatever it changed. Clearing everything is cheap, as
// the next render reads afresh, and it can never keep a stale value a finer rule forgot.
import { publishBus } from './bus.ts';

// With `maxEntries`, the least recently used entries go first beyond that many (keys that grow with the
// data, such as one per customer price list).
export function publishedMemo<V>(options: { maxEntries?: number } = {}): (key: string, load: () => Promise<V>) => Promise<V> {
  const entries = new Map<string, Promise<V>>(); // insertion order = least recently used first
  publishBus.subscribe(() => entries.clear());
  return (key, load) => {
    let entry = entries.get(key);
    if (entry) {
      entries.delete(key);
    } else {
      entry = load();
      entry.catch(() => { if (entries.get(key) === entry) entries.delete(key); });
    }
    entries.set(key, entry);
    while (options.maxEntries !== undefined && entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    return entry;
  };
}
