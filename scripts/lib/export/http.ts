// The crawler's HTTP client: keep-alive, a bounded number of sockets, plain bodies, one retry.
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { internalRequestHeaders } from '#lib/server/publish/internal-request.ts';

const RETRIES = 1;

export interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function createClient(origin: string, concurrency: number): (path: string) => Promise<Fetched> {
  const url = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const once = (path: string) =>
    new Promise<Fetched>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path,
          agent,
          timeout: 120_000,
          // Plain bodies: the folder holds the files themselves; the static host compresses. The
          // crawl reads each page once, so the shop's page cache does not keep (compress) what it
          // renders for it: `no-store` from the shop itself (the internal header) passes it by.
          headers: {
            'accept-encoding': 'identity',
            'cache-control': 'no-store',
            'user-agent': 'storefront-static-export',
            ...internalRequestHeaders(),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`GET ${path}: no answer within 120 s`)));
      req.on('error', reject);
      req.end();
    });
  return async (path) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const fetched = await once(path);
        if (fetched.status < 500 || attempt >= RETRIES) return fetched;
      } catch (error) {
        if (attempt >= RETRIES) throw error;
      }
    }
  };
}

export const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
};
export const isPublic = (f: Fetched) =>
  /(^|,)\s*public\s*(,|$)/i.test(header(f.headers, 'cache-control')) && !f.headers['set-cookie'];
export const isHtml = (f: Fetched) => /^text\/html\b/i.test(header(f.headers, 'content-type'));
