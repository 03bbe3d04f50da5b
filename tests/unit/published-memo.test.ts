// The publish-scoped memo (src/lib/server/publish/memo.ts): one load per key until a publish event,
// a failed load is not kept, and with maxEntries the least recently used key goes first.
import { expect, test } from 'vitest';
import { publishedMemo } from '#lib/server/publish/memo.ts';
import { publishBus } from '#lib/server/publish/bus.ts';

const counting = () => {
  const loads: string[] = [];
  return { loads, load: (key: string) => async () => { loads.push(key); return key.toUpperCase(); } };
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
