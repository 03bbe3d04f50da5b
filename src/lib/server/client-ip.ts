// Who is knocking, for rate limits and budgets. Behind a proxy the peer of the connection is the
// proxy; the client is in X-Forwarded-For. But every hop APPENDS to that header, so everything left
// of what our own proxies wrote is whatever the client sent: believing the first entry let any client
// pick a fresh "address" per request. So the address is read from the right end, as Express's
// `trust proxy` does (proxy-addr, its implementation): starting at the connection's peer, each hop we
// trust hands over to the entry before it, and the first hop we do not trust is the client.
//
// TRUST_PROXY says which hops are ours (docs: README "Configuration"):
//   unset, false, 0         none: the connection's peer is the client, X-Forwarded-For is ignored;
//   true, or a number N     the N nearest hops (true = 1: one proxy such as the shipped Varnish);
//   a list of addresses     those hops, e.g. `loopback, 10.0.0.0/8` (names: loopback, linklocal, uniquelocal).
import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';

export interface ClientContext {
  request: Request;
  /** Astro's APIContext.clientAddress: a getter that throws where the adapter cannot tell. */
  readonly clientAddress: string;
}

/** Where the node adapter leaves the peer's address on the Request (astro/dist/core/constants.js). */
const CLIENT_ADDRESS = Symbol.for('astro.clientAddress');

/** The client of a bare Request (the cache provider gets no Astro context): its peer as the adapter saw it. */
export function requestClient(request: Request): ClientContext {
  return {
    request,
    get clientAddress(): string {
      const address: unknown = Reflect.get(request, CLIENT_ADDRESS);
      if (typeof address !== 'string') throw new Error('no client address on this request');
      return address;
    },
  };
}

type Trust = (address: string, hop: number) => boolean;

const NONE: Trust = () => false;

/** TRUST_PROXY as a trust function; throws on a value that is neither a flag, a count nor addresses. */
export function parseTrustProxy(value: string | undefined): Trust {
  const text = (value ?? '').trim().toLowerCase();
  if (['', 'false', '0', 'no', 'off'].includes(text)) return NONE;
  if (['true', 'yes', 'on'].includes(text)) return (_address, hop) => hop < 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  // proxy-addr throws on anything that is not an address, a subnet or one of its names.
  return proxyaddr.compile(
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

/** Parsed once per distinct value: tests and the env parser change it, requests only read it. */
let cached: { value: string | undefined; trust: Trust } | undefined;
function trustFromEnv(): Trust {
  const value = process.env.TRUST_PROXY;
  if (cached === undefined || cached.value !== value) cached = { value, trust: parseTrustProxy(value) };
  return cached.trust;
}

function expandIpv6(address: string): string[] {
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const zeros = Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

function bareAddress(address: string | undefined): string {
  let ip = (address ?? '').trim().replace(/^\[|\]$/g, '');
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  return ip;
}

/**
 * The rate-limit subject of an address: IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 by its /64
 * (one subscriber usually holds a whole /64, so per-address limits would be trivial to dodge).
 */
function rateLimitSubject(address: string | undefined): string {
  let ip = bareAddress(address);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  const kind = isIP(ip);
  if (kind === 4) return ip;
  if (kind === 6) return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
  return 'unknown';
}

/**
 * The client's address given the connection's peer and the X-Forwarded-For it came with: the nearest
 * hop not trusted. An entry that is not an address ends the walk there (as proxy-addr does): nobody we
 * trust writes one, so the client wrote it, and the hop that passed it on is taken as the client.
 * @internal Exported for tests; requests go through clientIp().
 */
export function clientAddressBehind(peer: string, forwardedFor: string | null, trust: Trust = trustFromEnv()): string {
  const hops = [bareAddress(peer), ...(forwardedFor ?? '').split(',').map(bareAddress).filter(Boolean).reverse()];
  for (let hop = 0; hop < hops.length - 1; hop++) {
    const next = hops[hop + 1]!;
    if (!isIP(hops[hop]!) || !trust(hops[hop]!, hop) || !isIP(next)) return hops[hop]!;
  }
  return hops.at(-1)!;
}

export function clientIp(context: ClientContext): string {
  let peer: string;
  try {
    peer = context.clientAddress;
  } catch {
    return 'unknown';
  }
  return rateLimitSubject(clientAddressBehind(peer, context.request.headers.get('x-forwarded-for')));
}
