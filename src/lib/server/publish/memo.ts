// Data read once and shared by many page renders (the shell of a locale, the category tree, attribute
// labels): kept until the next publish event, whatever it changed. Clearing everything is cheap, as
// the next render reads afresh, and it can never keep a stale value a finer rule forgot.
import { publishBus } from './bus.ts';

export function publishedMemo<V>(): (key: string, load: () => Promise<V>) => Promise<V> {
  const entries = new Map<string, Promise<V>>();
  publishBus.subscribe(() => entries.clear());
  return (key, load) => {
    let entry = entries.get(key);
    if (!entry) {
      entry = load();
      entries.set(key, entry);
      entry.catch(() => entries.delete(key));
    }
    return entry;
  };
}
