// A deploy that replaces the build in place (rsync --delete, a package upgrade) removes files under a
// server still running the old one. sirv listed the files at start and read a removed one without an
// error handler: the unhandled error ended the shop. The answer for that file is cut short; the shop
// serves on.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestShop, seededDataDir, startShopInstance, type ShopInstance } from '../helpers/shop-instance.ts';

const root = resolve(import.meta.dirname, '../..');
// Inside the repository, so the built server still finds the database worker's source (src/ above it).
const copy = join(root, `.data/static-removed-${process.pid}`);
let shop: ShopInstance;

beforeAll(async () => {
  cpSync(join(root, await buildTestShop()), copy, { recursive: true });
  shop = await startShopInstance({ outDir: copy, dataDir: await seededDataDir() });
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  rmSync(copy, { recursive: true, force: true });
});

/** The status and the bytes that arrived, or the error that cut the answer. */
function fetchRaw(path: string, encoding: string): Promise<{ status: number; bytes: number } | { error: string }> {
  return new Promise((done) => {
    const req = get(`${shop.url}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done({ status: res.statusCode ?? 0, bytes }));
      res.on('error', (error) => done({ error: error.message }));
    });
    req.on('error', (error) => done({ error: error.message }));
  });
}

describe('a static file removed under the running shop', () => {
  test('cuts that answer short and leaves the shop serving', async () => {
    const assets = join(copy, 'client/_astro');
    const script = readdirSync(assets).find((name) => name.endsWith('.js'))!;
    const path = `/_astro/${script}`;
    for (const encoding of ['br', 'identity']) expect(await fetchRaw(path, encoding)).toMatchObject({ status: 200 });
    // The file and its compressed copies, as a deploy deleting the old build would.
    for (const name of readdirSync(assets).filter((n) => n.startsWith(script))) rmSync(join(assets, name));
    for (const encoding of ['br', 'identity']) expect(await fetchRaw(path, encoding)).toHaveProperty('error');
    expect(shop.output()).toContain('a static file could not be read');
    // Still up: the readiness probe and a page answer.
    expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${shop.url}/robots.txt`)).status).toBe(200);
  });
});
