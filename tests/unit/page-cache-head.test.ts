// The server front's head for a page-cache answer (scripts/lib/page-cache-head.ts), made once per
// stored page, must put on the wire exactly what the front wrote before it kept heads: its security
// headers set one by one, then the page's headers written over them. Both ways are run through a real
// node:http server and the raw header lines compared (Date aside).
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPageStore, type PageReply } from '#lib/server/publish/page-cache.ts';
import { headerPairs } from '#lib/server/publish/page-reply.ts';
import { securityHeaders } from '#lib/server/security-headers.ts';
import { frontHead } from '../../scripts/lib/page-cache-head.ts';

const security = securityHeaders('https://shop.test');
let write: (res: ServerResponse) => void = () => undefined;
const server = createServer((_req, res) => write(res));
let port = 0;

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** The raw header lines and body a client receives when the server answers with `answer`. */
function wire(method: string, answer: (res: ServerResponse) => void): Promise<{ lines: string[]; body: Buffer }> {
  write = answer;
  return new Promise((done, fail) => {
    request({ port, host: '127.0.0.1', agent: false, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (res.rawHeaders[i]!.toLowerCase() !== 'date') lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        done({ lines: [`${res.statusCode}`, ...lines], body: Buffer.concat(chunks) });
      });
    })
      .on('error', fail)
      .end();
  });
}

/** How the front answered before: security headers one by one, then the page's over them. */
const before = (reply: PageReply) => (res: ServerResponse) => {
  for (const [name, value] of security) res.setHeader(name, value);
  res.writeHead(reply.status, headerPairs(reply).flat());
  res.end(reply.body ?? undefined);
};
const now = (reply: PageReply) => (res: ServerResponse) => {
  res.writeHead(reply.status, frontHead(reply, security));
  res.end(reply.body ?? undefined);
};

describe('frontHead', () => {
  test('a HIT, a HEAD and a 304 carry the same status, header lines (in order) and bytes as before', async () => {
    let clock = Date.parse('2026-11-28T10:00:00Z');
    const store = createPageStore({ maxBytes: 1 << 24, now: () => clock });
    await store.handle(new Request('http://shop.test/p/1'), '/p/1', async () => {
      return new Response(`<main>${'Bohrhammer '.repeat(300)}</main>`, {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'public, max-age=0, s-maxage=300, stale-while-revalidate=60',
          'cdn-cache-control': 'max-age=300, stale-while-revalidate=60',
          // The page's own policy and referrer rule replace the front's defaults, in their place.
          'content-security-policy': "default-src 'self'; script-src 'self' 'sha256-abc='",
          'Referrer-Policy': 'no-referrer',
          xkey: 'p:1 shell:de',
          'last-modified': 'Wed, 01 Jul 2026 10:00:00 GMT',
        },
      });
    });
    // The page in both codings: the second is made when a request first takes it.
    for (const coding of ['br', 'gzip'])
      await store.handle(new Request('http://shop.test/p/1', { headers: { 'accept-encoding': coding } }), '/p/1', () =>
        Promise.reject(new Error('stored already')),
      );
    const asking = (headers: Record<string, string>, method = 'GET') => ({
      method,
      header: (name: string) => headers[name] ?? null,
    });
    const requests = [
      asking({ 'accept-encoding': 'br' }),
      asking({ 'accept-encoding': 'gzip' }),
      asking({ 'accept-encoding': 'br' }, 'HEAD'),
      asking({ 'accept-encoding': 'gzip', 'if-none-match': '*' }),
    ];
    for (const ask of requests) {
      for (const ageS of [3, 125]) {
        clock = Date.parse('2026-11-28T10:00:00Z') + ageS * 1000;
        const reply = store.hit(ask, '/p/1')!;
        const [old, current] = [await wire(ask.method, before(reply)), await wire(ask.method, now(reply))];
        expect(current.lines).toEqual(old.lines);
        expect(current.lines).toContain(`age: ${ageS}`);
        expect(current.body.equals(old.body)).toBe(true);
      }
    }
    await store.recompressed();
  });
});
