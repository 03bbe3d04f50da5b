// The real cart, checkout and order handlers served over node:http in a process of their own, against
// the PostgreSQL named by DATABASE_URL: what one shop instance is, minus Astro's router. The restart
// suite (tests/integration/order-restart.test.ts) kills it with SIGKILL and starts it again.
//
//   DATABASE_URL=postgres://… node tests/helpers/order-server.ts     → prints "listening http://127.0.0.1:<port>"
//
// Requests are POST /api/<cart|checkout|orders>/<operation> with a JSON body; cookies travel as real
// Cookie / Set-Cookie headers through Astro's own AstroCookies.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AstroCookies } from '../../node_modules/astro/dist/core/cookies/index.js';
import { openDatabase } from '#lib/server/db/client.ts';
import { logger } from '#lib/server/log.ts';
import { readBody } from '../fakes/http.ts';
import { handlerFor, orderHarness } from './order-deps.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('order-server: DATABASE_URL is required');
const database = await openDatabase({
  databaseUrl,
  dataDir: 'memory://',
  poolSize: Number(process.env.POOL_SIZE ?? 10),
});
const h = orderHarness(() => database.db);

const server = createServer((req, res) => {
  void (async () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, api, domain = '', op = ''] = url.pathname.split('/');
    const handler = api === 'api' && req.method === 'POST' ? handlerFor(h, domain, op) : undefined;
    const body = await readBody(req);
    if (!handler) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 'NOT_FOUND', message: url.pathname, status: 404 }));
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const request = new Request(url, { method: 'POST', headers, body });
    const cookies = new AstroCookies(request, { warn() {} });
    const response = await handler({ request, url, cookies } as never);
    // The answer as the endpoint made it (its JSON is compressed when the client takes a coding).
    res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'set-cookie': [...cookies.headers()] });
    res.end(Buffer.from(await response.arrayBuffer()));
  })().catch((error: unknown) => {
    logger.error({ err: error, path: req.url }, 'order-server request failed');
    if (!res.headersSent) res.writeHead(500).end();
  });
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  // The parent test reads this line from stdout to learn the port (a plain line, not a log record).
  process.stdout.write(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
