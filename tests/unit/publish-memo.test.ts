// The publish-scoped memo (src/lib/server/publish/memo.ts): one load per key until a publish event,
// a failed load is not kept, with maxEntries the least recently used key goes first, and with
// staleWhileReloading the old value answers while one reload runs.
import { expect, test } from 'vitest';
import { publishedMemo } from '#lib/server/publish/memo.ts';
import { publishBus } from '#lib/server/publish/bus.ts';

const counting = () => {
  const loads: string[] = [];
  return {
    loads,
    load: (key: string) => async () => {
      loads.push(key);
      return key.toUpperCase();
    },
  };
};

test('one load per key until a publish event, which clears them all', async () => {
  const memo = publishedMemo<string>();
  const { loads, load } = counting();
  expect(await memo('a', load('a'))).toBe('A');
  expect(await memo('a', load('a'))).toBe('A');
  expect(loads).toEqual(['a']);
  await publishBus.emit({ id: 'memo-test', invalidation: { all: true }, at: Date.now() });
  await memo('a', load('a'));
  expect(loads).toEqual(['a', 'a']);
});

test('a failed load is tried again next time', async () => {
  const memo = publishedMemo<string>();
  await expect(memo('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  expect(await memo('x', async () => 'up')).toBe('up');
});

test('beyond maxEntries the least recently used key is loaded again, the others are kept', async () => {
  const memo = publishedMemo<string>({ maxEntries: 2 });
  const { loads, load } = counting();
  await memo('a', load('a'));
  await memo('b', load('b'));
  await memo('a', load('a')); // a is now the most recently used
  await memo('c', load('c')); // b goes
  await memo('a', load('a'));
  await memo('c', load('c'));
  expect(loads).toEqual(['a', 'b', 'c']);
  await memo('b', load('b'));
  expect(loads).toEqual(['a', 'b', 'c', 'b']);
});

test('staleWhileReloading: after a publish the old value answers at once while one reload runs, then the new one', async () => {
  const memo = publishedMemo<string>({ staleWhileReloading: true });
  let version = 1;
  let release: () => void = () => undefined;
  let loads = 0;
  const load = () => {
    loads += 1;
    const value = `v${version}`;
    return version === 1
      ? Promise.resolve(value)
      : new Promise<string>((resolve) => {
          release = () => resolve(value);
        });
  };
  expect(await memo('list', load)).toBe('v1');
  version = 2;
  await publishBus.emit({ id: 'memo-swr', invalidation: { all: true }, at: Date.now() });
  expect(await memo('list', load)).toBe('v1');
  expect(await memo('list', load)).toBe('v1');
  expect(loads).toBe(2); // one reload, however many readers
  release();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(await memo('list', load)).toBe('v2');
  expect(loads).toBe(2);
});

test('staleWhileReloading: a failed reload keeps the old value and is tried again by the next reader', async () => {
  const memo = publishedMemo<string>({ staleWhileReloading: true });
  expect(await memo('k', async () => 'old')).toBe('old');
  await publishBus.emit({ id: 'memo-swr-fail', invalidation: { all: true }, at: Date.now() });
  expect(await memo('k', () => Promise.reject(new Error('down')))).toBe('old');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(await memo('k', async () => 'new')).toBe('old');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(await memo('k', async () => 'newer')).toBe('new');
});

test('staleWhileReloading with maxEntries: a reload finishing is not a use of its key, a read is', async () => {
  const memo = publishedMemo<string>({ maxEntries: 2, staleWhileReloading: true });
  const releases = new Map<string, () => void>();
  const loads: string[] = [];
  const reloadable = (key: string) => () => {
    loads.push(key);
    const n = loads.filter((k) => k === key).length;
    // The second load of a key, the reload after the publish, waits to be released.
    return n === 2
      ? new Promise<string>((resolve) => releases.set(key, () => resolve(`${key}${n}`)))
      : Promise.resolve(`${key}${n}`);
  };
  await memo('a', reloadable('a'));
  await memo('b', reloadable('b'));
  await publishBus.emit({ id: 'memo-swr-lru', invalidation: { all: true }, at: Date.now() });
  expect(await memo('b', reloadable('b'))).toBe('b1'); // read: b reloads
  expect(await memo('a', reloadable('a'))).toBe('a1'); // read last: a is the most recently used
  releases.get('b')!();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await memo('c', reloadable('c')); // b goes, though its reload finished after a was read
  expect(await memo('a', reloadable('a'))).toBe('a1');
  expect(loads).toEqual(['a', 'b', 'b', 'a', 'c']);
  await memo('b', reloadable('b'));
  expect(loads).toEqual(['a', 'b', 'b', 'a', 'c', 'b']);
});
