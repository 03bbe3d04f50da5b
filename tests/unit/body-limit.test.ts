// The request-body limit: the server front's guard (scripts/lib/body-guard.ts) on a real node:http
// server, and the endpoint's streaming reader (readText) with a lower limit of its own.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { guardBody } from '../../scripts/lib/body-guard.ts';
import { LARGEST_BODY_BYTES, MAX_BODY_BYTES, MAX_WEBHOOK_BODY_BYTES, bodyLimitFor } from '#lib/server/body-limit.ts';
import { MAX_MEDIUM_BYTES } from '#lib/media/rules.ts';
import { ApiError, readText } from '#lib/server/http.ts';

/** What reached the app behind the guard: the body it got, by path. */
const reached: { path: string; bytes: number }[] = [];
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) =>
    guardBody(req, res, () => {
      const buffered = (req as IncomingMessage & { body?: Buffer }).body;
      const done = (bytes: number) => {
        reached.push({ path: req.url ?? '', bytes });
        res.end(JSON.stringify({ bytes }));
      };
      if (buffered) return done(buffered.length);
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      req.on('end', () => done(bytes));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

interface Sent {
  status: number;
  body: string;
  /** Bytes the client had written when the answer came. */
  writtenWhenAnswered: number;
}

/**
 * POSTs `total` bytes in 16 KB chunks, chunked unless a length is declared; stops writing as soon
 * as an answer arrives, as a real client would once the server has spoken.
 */
function send(path: string, total: number, declaredLength?: number): Promise<Sent> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (declaredLength !== undefined) headers['content-length'] = String(declaredLength);
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      answered = true;
      const writtenWhenAnswered = written;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, writtenWhenAnswered }));
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const pump = () => {
      while (!answered && written < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - written));
        written += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    if (declaredLength !== undefined && declaredLength > total) req.flushHeaders();
    pump();
  });
}

describe('bodyLimitFor', () => {
  test('gives signed webhooks more room than every other path', () => {
    expect(bodyLimitFor('/api/cart/add')).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor('/en/cart/add')).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor('/api/payments/stripe/webhook')).toBe(MAX_WEBHOOK_BODY_BYTES);
    expect(bodyLimitFor('/api/webhooks/publish')).toBe(MAX_WEBHOOK_BODY_BYTES);
    expect(bodyLimitFor('/api/payments/stripe/webhook/x')).toBe(MAX_BODY_BYTES);
    // A media library picture (the upload and a replacement); its other operations are small JSON.
    expect(bodyLimitFor('/api/admin/media')).toBe(MAX_MEDIUM_BYTES);
    expect(bodyLimitFor('/api/admin/media/replace')).toBe(MAX_MEDIUM_BYTES);
    expect(bodyLimitFor('/api/admin/media/alt')).toBe(MAX_BODY_BYTES);
    // The app's own cap lets through whatever a path allows.
    expect(LARGEST_BODY_BYTES).toBeGreaterThanOrEqual(MAX_MEDIUM_BYTES);
  });
});

describe('guardBody', () => {
  test('refuses a declared length over the limit without reading it', async () => {
    reached.length = 0;
    const answer = await send('/api/cart/add', 0, 64 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body too large',
      status: 413,
    });
    expect(reached).toEqual([]);
  });

  test('answers a chunked body 413 once it passes the limit, long before it ends', async () => {
    reached.length = 0;
    const answer = await send('/api/catalog/filters', 64 * 1024 * 1024);
    expect(answer.status).toBe(413);
    // The answer came while the client was still sending: within a few chunks past the limit.
    expect(answer.writtenWhenAnswered).toBeLessThan(8 * 1024 * 1024);
    expect(reached).toEqual([]);
  });

  test('hands a chunked body within the limit to the app whole', async () => {
    reached.length = 0;
    const answer = await send('/api/cart/add', MAX_BODY_BYTES);
    expect(answer.status).toBe(200);
    expect(reached).toEqual([{ path: '/api/cart/add', bytes: MAX_BODY_BYTES }]);
  });

  test('lets a webhook send more than other paths', async () => {
    reached.length = 0;
    expect((await send('/api/payments/stripe/webhook', 200 * 1024)).status).toBe(200);
    expect((await send('/api/cart/add', 200 * 1024)).status).toBe(413);
    expect(reached.map((r) => r.path)).toEqual(['/api/payments/stripe/webhook']);
  });
});

describe('readText', () => {
  /** A request whose body arrives in `chunks` pieces of `size` bytes, with no declared length. */
  function streamed(chunks: number, size: number): { request: Request; pulled: () => number } {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === chunks) return controller.close();
        pulled += 1;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
    });
    return {
      request: new Request('http://shop.test/api', { method: 'POST', body, duplex: 'half' } as RequestInit),
      pulled: () => pulled,
    };
  }

  test('stops reading a stream at its limit and answers 413', async () => {
    const { request, pulled } = streamed(1000, 1024);
    const error = await readText(request, 8 * 1024).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect(pulled()).toBeLessThan(12);
  });

  test('reads a body within the limit, multi-byte characters split across chunks included', async () => {
    const bytes = Buffer.from('{"name":"Säge – 10 €"}');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const request = new Request('http://shop.test/api', { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(await readText(request, 100)).toBe('{"name":"Säge – 10 €"}');
  });

  test('refuses a declared length over the limit before reading', async () => {
    const request = new Request('http://shop.test/api', {
      method: 'POST',
      body: 'x'.repeat(10),
      headers: { 'content-length': '10' },
    });
    await expect(readText(request, 5)).rejects.toMatchObject({ status: 413 });
  });
});
