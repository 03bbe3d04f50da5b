// A stored page keeps one copy of what pages say alike (src/lib/server/publish/page-entry.ts): the
// header pairs every page of a route repeats are the same objects in every entry, while the tag
// list, a page's own, is not kept in the shared map.
import { describe, expect, test } from 'vitest';
import { entryOf } from '#lib/server/publish/page-entry.ts';

const render = (tags: string) =>
  new Response('<p>page</p>', {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=0, s-maxage=300',
      'cdn-cache-control': 'max-age=300',
      xkey: tags,
      'surrogate-key': tags,
    },
  });

async function stored(tags: string) {
  const { entry } = await entryOf(render(tags), 'gzip', Date.now);
  if (!entry) throw new Error('not stored');
  return entry;
}

const pair = (entry: Awaited<ReturnType<typeof stored>>, name: string) => entry.headers.find(([n]) => n === name);

describe('stored pages share what they say alike', () => {
  test('two pages with the same headers hold the same header pairs; their own tag lists stay their own', async () => {
    const a = await stored('p:1 c:1 c:2');
    const b = await stored('p:2 c:1 c:2');
    expect(pair(a, 'cache-control')).toBe(pair(b, 'cache-control'));
    expect(pair(a, 'content-type')).toBe(pair(b, 'content-type'));
    expect(pair(a, 'xkey')?.[1]).toBe('p:1 c:1 c:2');
    expect(pair(b, 'xkey')?.[1]).toBe('p:2 c:1 c:2');
    expect(pair(a, 'surrogate-key')?.[1]).toBe('p:1 c:1 c:2');
    expect(a.tags).toEqual(['p:1', 'c:1', 'c:2']);
    expect(b.tags).toEqual(['p:2', 'c:1', 'c:2']);
  });

  test('the same tag list on two pages is not one shared pair (the map would fill with every page)', async () => {
    const a = await stored('p:3');
    const b = await stored('p:3');
    expect(pair(a, 'xkey')).not.toBe(pair(b, 'xkey'));
    expect(pair(a, 'xkey')).toEqual(pair(b, 'xkey'));
  });
});
