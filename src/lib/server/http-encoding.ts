// Which content coding an answer takes, from the request's Accept-Encoding: brotli where the client
// takes it (a fifth smaller than gzip on our pages), else gzip, else none. One rule for the page
// cache and the server front (scripts/lib/serve-shop.ts), so a HEAD names the coding its GET gets.
import Negotiator from 'negotiator';

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** The coding to send; q-values are honoured (gzip;q=0 refuses gzip), and nothing acceptable is identity. */
export function chooseCoding(acceptEncoding: string | null | undefined): ContentCoding {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? undefined } });
  const chosen = negotiator.encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip'] });
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}
