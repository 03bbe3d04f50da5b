// Conditional GETs for the build's static files by date. sirv answers If-None-Match itself but not
// If-Modified-Since, so a client or proxy revalidating by date (curl -z, many crawlers, caches that
// kept only Last-Modified) got the whole file again with 200. RFC 9110 §13.1.3: the date is compared
// only when the request has no If-None-Match, and a file not changed since answers 304.
import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve, sep } from 'node:path';

/**
 * The static file a request names, if it is one sirv would serve: inside the folder, not a dotfile,
 * a plain file. Its stats are read only for a request that asks by date.
 */
function staticFile(dir: string, url: string): { mtimeMs: number; mtime: Date } | null {
  let path: string;
  try {
    path = decodeURI(url.split('?', 1)[0]!);
  } catch {
    return null;
  }
  if (path.split('/').some((segment) => segment.startsWith('.'))) return null;
  const file = resolve(dir, `.${path}`);
  if (!file.startsWith(dir + sep)) return null;
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/**
 * Answers 304 for a static file not modified since the date the request names, with the headers the
 * 200 would carry that a cache updates (Cache-Control, Last-Modified, Vary). False: not such a request.
 */
export function answerNotModified(
  dir: string,
  req: IncomingMessage,
  res: ServerResponse,
  cacheControl: (pathname: string) => string,
): boolean {
  const since = req.headers['if-modified-since'];
  if (since === undefined || req.headers['if-none-match'] !== undefined) return false;
  const sinceMs = Date.parse(since);
  if (Number.isNaN(sinceMs)) return false;
  const file = staticFile(resolve(dir), req.url ?? '/');
  // HTTP dates have whole seconds; the file's own time is cut to them before comparing.
  if (!file || Math.floor(file.mtimeMs / 1000) * 1000 > sinceMs) return false;
  res.writeHead(304, {
    'Cache-Control': cacheControl(new URL(req.url ?? '/', 'http://front.invalid').pathname),
    'Last-Modified': file.mtime.toUTCString(),
    Vary: 'Accept-Encoding',
  });
  res.end();
  return true;
}
