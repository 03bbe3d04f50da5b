// Feeding catalogue parsers in tests: fixture files as byte streams cut into chunks of any size (one
// byte finds the characters, cells and lines a parser splits wrongly at a chunk's edge), and collecting
// what a parser yields.
import { readFileSync } from 'node:fs';

export function importFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url)));
}

export async function* chunked(bytes: Uint8Array, size = bytes.length || 1): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.slice(start, start + size);
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
