// One address per page. `//en/c/tools`, `/en//c/tools`, `/en/./c/tools` and `/en/c/x/../tools` render the
// same page as `/en/c/tools`, and the page cache keys by path: answered as they are, each spelling was
// rendered and stored again (686 variants in 20 s took the origin from 672 to 859 MB and pushed real
// pages out). They answer 301 to the canonical path instead, before any render or cache lookup.

/**
 * A path already canonical, as almost every request's is, told without the URL parser (which the
 * server front would otherwise run for every page-cache hit): segments of characters the parser
 * leaves as they are, none empty, none starting with a dot (so no `.` or `..`), no trailing slash.
 * Anything else (escapes, dots, odd characters) takes the parser's way below.
 */
const PLAIN_PATH = /^(?:\/[\w\-~!$&'()*+,;=:@][\w.\-~!$&'()*+,;=:@]*)+$/;

/**
 * The canonical form of a request target's path (repeated slashes collapsed, `.` and `..` segments
 * resolved as a browser would, a trailing slash dropped), with its query unchanged; null when the
 * path already is canonical. The result always starts with exactly one slash, so it can never be read
 * as another host (`//evil.example`).
 */
export function canonicalTarget(target: string): string | null {
  const queryAt = target.indexOf('?');
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  if (path === '/' || PLAIN_PATH.test(path)) return null;
  const query = queryAt < 0 ? '' : target.slice(queryAt);
  if (!path.startsWith('/')) return null;
  // The WHATWG parser resolves dot segments (also %2e spelled), and reads `\` as `/` as browsers do.
  let canonical = new URL(path.replace(/[/\\]{2,}/g, '/'), 'http://canonical.invalid').pathname.replace(/\/{2,}/g, '/');
  if (canonical.length > 1 && canonical.endsWith('/')) canonical = canonical.slice(0, -1);
  return canonical === path ? null : canonical + query;
}
