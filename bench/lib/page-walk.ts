// Walking a list of pages over HTTP, a few at a time, counting the answers by status and cache state
// (x-astro-cache): shared by the benches that fill or read the page cache (startup-memory, first-render).

export interface Walk {
  /** "200 MISS", "200 HIT", … → how many. */
  statuses: Map<string, number>;
  ms: number;
}

/**
 * GETs every path once with `headers`, `concurrency` at a time; `each` sees every answer (its body
 * read) and the count done so far.
 */
export async function walkPages(
  url: string,
  paths: string[],
  opts: { concurrency: number; headers: Record<string, string>; each?: (response: Response, done: number) => void },
): Promise<Walk> {
  const statuses = new Map<string, number>();
  let next = 0;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (next < paths.length) {
        const response = await fetch(`${url}${paths[next++]!}`, { headers: opts.headers });
        await response.arrayBuffer();
        const key = `${response.status} ${response.headers.get('x-astro-cache') ?? '-'}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        opts.each?.(response, ++done);
      }
    }),
  );
  return { statuses, ms: performance.now() - started };
}

/** "4,976 × 200 MISS, 24 × 200 HIT". */
export const describeWalk = (walk: Walk) =>
  [...walk.statuses]
    .sort()
    .map(([key, n]) => `${n.toLocaleString('en')} × ${key}`)
    .join(', ');

/** `count` of `items`, spread evenly over the list from `offset` on (all of them when there are fewer). */
export function spread<T>(items: T[], count: number, offset = 0): T[] {
  if (items.length <= count) return items;
  return Array.from(
    { length: count },
    (_, i) => items[(Math.floor((i * items.length) / count) + offset) % items.length]!,
  );
}
