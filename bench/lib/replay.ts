// A trivial server to measure the shop against: it answers every request with one saved answer (status
// 200, the headers and bytes the shop sent), from memory, with node:http and nothing else. Run as a
// process of its own (`node bench/lib/replay.ts <file>`, PORT and HOST from the environment) so it gets
// a core like the shop does. Used by bench/cached-throughput.ts and bench/price-call.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';

export interface SavedAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** Hop-by-hop and per-response headers are the replaying server's own business (node adds Date itself). */
const OWN_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/** One call as the shop answers it: status, raw headers, body bytes as they travelled. */
export function fetchRaw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<SavedAnswer> {
  return new Promise((done, fail) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        done({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', fail);
    req.end(init.body);
  });
}

/** Writes an answer where the replay process reads it. */
export function saveAnswer(file: string, answer: SavedAnswer): void {
  const headers = answer.headers.filter(([name]) => !OWN_HEADERS.has(name.toLowerCase()));
  writeFileSync(file, JSON.stringify({ headers, body: answer.body.toString('base64') }));
}

function replay(file: string): void {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { headers: [string, string][]; body: string };
  const body = Buffer.from(saved.body, 'base64');
  const headers = saved.headers.flat();
  createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  }).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
}

if (process.argv[1]?.endsWith('replay.ts') && process.argv[2]) replay(process.argv[2]);
