// Starts the built shop (the node adapter's standalone server) with one fix in front: an address that
// is not valid percent-encoding (/%ZZ) would get the adapter's plain-text "Bad request." before any shop
// code runs. Such a request goes on with the bad escapes written as %25 and a marker header, and the
// middleware answers it with the shop's own error page, status 400, in the path's language.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { MALFORMED_URL_HEADER, escapeMalformedUrl } from '../../src/lib/site/malformed-url.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
interface NodeEntry {
  handler: Listener;
  startServer(): { server: { server: Server } };
}

export async function serveShop(entryPath: string): Promise<void> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = await import(entryPath) as NodeEntry;
  const { server } = entry.startServer().server;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const fixed = escapeMalformedUrl(req.url ?? '/');
    // Only this front may set the marker: a client sending it would otherwise get error pages at will.
    delete req.headers[MALFORMED_URL_HEADER];
    if (fixed !== null) {
      req.url = fixed;
      req.headers[MALFORMED_URL_HEADER] = '1';
    }
    entry.handler(req, res);
  });
}
