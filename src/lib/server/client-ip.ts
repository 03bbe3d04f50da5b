// Who is knocking, for rate limits. X-Forwarded-For is only believed behind a proxy we were told
// about (TRUST_PROXY=1); otherwise anybody could pick a fresh "IP" per request.
import { isIP } from 'node:net';

export interface ClientContext {
  request: Request;
  /** Astro's APIContext.clientAddress: a getter that throws where the adapter cannot tell. */
  readonly clientAddress: string;
}

function trustProxy(): boolean {
  return ['1', 'true', 'yes', 'on'].includes((process.env.TRUST_PROXY ?? '').trim().toLowerCase());
}

function expandIpv6(address: string): string[] {
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const zeros = Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The rate-limit subject of an address: IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 by its /64
 * (one subscriber usually holds a whole /64, so per-address limits would be trivial to dodge).
 */
function rateLimitSubject(address: string | undefined): string {
  let ip = (address ?? '').trim().replace(/^\[|\]$/g, '');
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  const kind = isIP(ip);
  if (kind === 4) return ip;
  if (kind === 6) return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
  return 'unknown';
}

export function clientIp(context: ClientContext): string {
  if (trustProxy()) {
    const first = context.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (first && isIP(first.replace(/^\[|\]$/g, ''))) return rateLimitSubject(first);
  }
  try {
    return rateLimitSubject(context.clientAddress);
  } catch {
    return 'unknown';
  }
}
