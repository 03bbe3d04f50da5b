// The copies the page store makes of a page it holds, after storing it: the brotli copy at its best
// quality for a page read again, and a copy in the other coding when a request first takes that one.
// Apart from page-cache.ts because both swap an entry for its copy without counting that as a use.
import type { LRUCache } from 'lru-cache';
import { chooseCoding } from '../http-encoding.ts';
import { compressBest, recode, type StoredCoding } from './page-codings.ts';
import type { Entry } from './page-entry.ts';
import { copyIn, type RequestHead } from './page-reply.ts';
import { createRecompressQueue } from './recompress-queue.ts';

interface StoreAccess {
  entries: LRUCache<string, Entry>;
  /** Stores the page and indexes it by its tags. */
  put(key: string, entry: Entry): boolean;
  /** Marks a use of the page. */
  use(key: string): void;
}

export function createPageCopies({ entries, put, use }: StoreAccess) {
  /**
   * Swaps a page for a smaller copy of itself. lru-cache counts every set as a use, which this is not:
   * the pages used since are used again after it, in their order, so what is evicted first stays what
   * shoppers used least recently. They are few, as the copy is made moments after the page was stored.
   */
  const replaceUnused = (key: string, copy: Entry) => {
    const usedSince: string[] = [];
    for (const newer of entries.keys()) {
      if (newer === key) break;
      usedSince.push(newer);
    }
    put(key, copy);
    for (const newer of usedSince.reverse()) use(newer);
  };

  /**
   * Brotli at its best quality is 10 % smaller than the first copy at ~100 ms of CPU for a 100 KB
   * page: worth it for a page shoppers read again, not for one read once (most pages of a large
   * catalogue, every page of an export). So only a shopper's second request queues it (see
   * recompress-queue.ts); a page dropped or rendered again meanwhile is skipped.
   */
  const queue = createRecompressQueue(async (key) => {
    const entry = entries.peek(key);
    if (!entry?.brotli || entry.best) return;
    const best = await compressBest(entry.brotli);
    if (entries.peek(key) !== entry) return;
    if (best.length < entry.brotli.length) replaceUnused(key, { ...entry, brotli: best, best: true });
    else entry.best = true;
  });

  /** Copies in a second coding being made, by the entry they are made from (an entry lacks one coding at most). */
  const recoding = new WeakMap<Entry, Promise<Entry>>();
  /**
   * The page with a copy in the coding the request takes: made from the stored copy when a request first
   * takes it, once however many ask at the same time, and stored beside it (unless the page changed meanwhile).
   */
  const inCoding = (key: string, entry: Entry, request: RequestHead): Promise<Entry> | Entry => {
    const coding = chooseCoding(request.header('accept-encoding'));
    if (coding === 'identity' || copyIn(entry, coding)) return entry;
    let copying = recoding.get(entry);
    if (!copying) {
      const from: StoredCoding = coding === 'br' ? 'gzip' : 'br';
      copying = recode(copyIn(entry, from)!, from, coding).then((bytes) => {
        const copy: Entry = { ...entry, [coding === 'br' ? 'brotli' : 'gzipped']: bytes };
        if (entries.peek(key) === entry) replaceUnused(key, copy);
        return copy;
      });
      recoding.set(entry, copying);
    }
    return copying;
  };

  return { queue, inCoding };
}
