// /metrics, where Prometheus reads the shop's metrics (src/lib/server/metrics): on a listener of its
// own (METRICS_PORT, the usual setup: a port the cache and the internet never reach), or else on the
// shop's port for `Authorization: Bearer <METRICS_TOKEN>` only. Neither set: there is no /metrics
// (the shop's 404), so nothing about the process is published by default.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exposition } from '../../src/lib/server/metrics/index.ts';

const METRICS_PATH = '/metrics';

async function answer(res: ServerResponse): Promise<void> {
  const { contentType, body } = await exposition();
  res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
  res.end(body);
}

/** Compared as hashes: same length, constant time, whatever the client sent. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/**
 * On the shop's port: answers /metrics when a token is configured (401 without it) and returns true;
 * false for every other request, or when metrics are not served on this port.
 */
export function answerMetricsOnShopPort(req: IncomingMessage, res: ServerResponse, token: string | undefined): boolean {
  if (!token || (req.url ?? '').split('?', 1)[0] !== METRICS_PATH) return false;
  if (!bearerMatches(req.headers.authorization, token)) {
    res.writeHead(401, { 'www-authenticate': 'Bearer', 'cache-control': 'no-store', 'content-type': 'text/plain' });
    res.end('401 Unauthorized\n');
    return true;
  }
  answer(res).catch((error: unknown) => res.destroy(error as Error));
  return true;
}

/** The listener of its own on METRICS_PORT: /metrics, and 404 for anything else. */
export async function startMetricsServer(host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && (req.url ?? '').split('?', 1)[0] === METRICS_PATH) {
      answer(res).catch((error: unknown) => res.destroy(error as Error));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('404 Not Found\n');
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
  return server;
}
