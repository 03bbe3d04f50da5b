// The best k of many, in order, without sorting them all: a search term as common as "e" matches
// most of the catalogue, and a shopper sees its first 12. A heap of the k best so far (the worst
// of them on top) costs n·log k instead of n·log n.

/**
 * The `k` smallest items by `compare` (negative: a before b), sorted. `compare` must be a total
 * order (break ties, e.g. by id), or the result depends on the input's order.
 */
export function topK<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  // A max-heap: heap[0] is the worst of the best k kept.
  const heap: T[] = [];
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => {
    const t = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = t;
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < heap.length && worse(l, top)) top = l;
        if (r < heap.length && worse(r, top)) top = r;
        if (top === i) break;
        swap(i, top);
        i = top;
      }
    }
  }
  return heap.sort(compare);
}
