// One instance of the built shop told to stop (SIGTERM, as a deploy, systemd or `docker stop` does)
// while a request is still on its way in: a cart add whose body the client sends in two halves,
// the second after the drain is over. The shop must say it is stopping, answer /readyz 503 while
// it drains, stop taking connections after the drain, finish the request it was in the middle of,
// say it stopped and exit 0.
import { rmSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { buildTestShop, seededDataDir, startShopInstance, TEST_BUILD_DIR } from '../helpers/shop-instance.ts';

const DRAIN_MS = 1500;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dataDir: string;
beforeAll(async () => {
  await buildTestShop(TEST_BUILD_DIR);
  dataDir = await seededDataDir();
}, 5 * 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A POST whose body goes out in two halves: the request is in flight until `finish()`. */
function slowPost(url: string, body: string): { finish(): Promise<Answer> } {
  const half = Math.floor(body.length / 2);
  let settle: { resolve(answer: Answer): void; reject(error: Error): void } | undefined;
  const answer = new Promise<Answer>((resolve, reject) => (settle = { resolve, reject }));
  const req = request(
    url,
    { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
    (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => settle!.resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    },
  );
  req.on('error', (error) => settle!.reject(error));
  req.write(body.slice(0, half));
  return {
    finish() {
      req.end(body.slice(half));
      return answer;
    },
  };
}

describe('graceful stop', () => {
  test('SIGTERM: readiness 503 during the drain, the request in flight answered, "stopped", exit 0', async ({
    expect,
  }) => {
    const shop = await startShopInstance({
      outDir: TEST_BUILD_DIR,
      dataDir,
      env: { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), LOG_LEVEL: 'info' },
    });
    try {
      expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
      const inFlight = slowPost(`${shop.url}/api/cart/add`, JSON.stringify({ sku: 'AKU-10000', quantity: 2 }));
      // The request has reached the shop (its headers and half its body) before the signal.
      await pause(200);
      const exit = shop.terminate('SIGTERM');

      // Draining: no longer ready, still serving.
      await pause(300);
      const readiness = await fetch(`${shop.url}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toMatchObject({ status: 'stopping' });
      expect(readiness.headers.get('cache-control')).toMatch(/no-store/);
      const page = await fetch(`${shop.url}/robots.txt`);
      expect(page.status).toBe(200);
      // Every answer now ends its connection, so clients and proxies reconnect elsewhere.
      expect(page.headers.get('connection')).toBe('close');
      await page.arrayBuffer();

      // After the drain: no new connections.
      await pause(DRAIN_MS);
      await expect(fetch(`${shop.url}/robots.txt`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();

      // The request in flight since before the signal is still answered, in full.
      const answer = await inFlight.finish();
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({
        cart: { cartItems: [expect.objectContaining({ sku: 'AKU-10000', quantity: 2 })] },
      });

      const { code, signal } = await exit;
      expect({ code, signal }, shop.output()).toEqual({ code: 0, signal: null });
      const output = shop.output();
      const stopping = output.indexOf('"msg":"stopping"');
      const stopped = output.indexOf('"msg":"stopped"');
      expect(stopping, output).toBeGreaterThanOrEqual(0);
      expect(stopped, output).toBeGreaterThan(stopping);
    } finally {
      await shop.kill();
    }
  }, 60_000);
});
