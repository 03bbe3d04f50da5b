// Holds every request body to its path's limit (src/lib/server/body-limit.ts) before the app sees
// it. The adapter's own cap is 1 GiB and Astro reads a body whole before an endpoint can look at it,
// so without this a chunked upload of 64 MB was read into memory before its 413.
// - A declared length over the limit is answered 413 at once, unread.
// - A body of unknown length (chunked) is read here, counting: past the limit it is answered 413 the
//   moment the limit is passed; within it the app gets the body whole (the adapter takes req.body).
// - A declared length within the limit streams on: Node's parser never delivers more than it declared.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyLimitFor } from '../../src/lib/server/body-limit.ts';

const TOO_LARGE = JSON.stringify({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large', status: 413 });

export function guardBody(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const limit = bodyLimitFor((req.url ?? '/').split('?', 1)[0]!);
  const declared = req.headers['content-length'];
  if (declared !== undefined) return Number(declared) > limit ? refuse(req, res) : next();
  if (req.headers['transfer-encoding'] === undefined) return next();
  const chunks: Buffer[] = [];
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit) {
      chunks.push(chunk);
      return;
    }
    req.off('data', onData);
    req.off('end', onEnd);
    refuse(req, res);
  };
  const onEnd = () => {
    (req as IncomingMessage & { body?: Buffer }).body = Buffer.concat(chunks);
    next();
  };
  req.on('data', onData);
  req.on('end', onEnd);
}

/**
 * The 413 in the one error shape. The connection closes after it: the rest of the body is never read,
 * and a client still sending gets the answer before the reset.
 */
function refuse(req: IncomingMessage, res: ServerResponse): void {
  req.pause();
  res.writeHead(413, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(TOO_LARGE),
    'cache-control': 'private, no-store',
    connection: 'close',
  });
  res.end(TOO_LARGE);
}
