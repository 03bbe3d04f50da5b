// The client address for rate limits: which X-Forwarded-For entry is believed, for every TRUST_PROXY form.
import { afterEach, describe, expect, test } from 'vitest';
import { clientAddressBehind, clientIp, parseTrustProxy, requestClient } from '#lib/server/client-ip.ts';
import { parseEnv } from '#lib/server/env.ts';

afterEach(() => {
  delete process.env.TRUST_PROXY;
});

const contextOf = (clientAddress: string, forwardedFor?: string) => ({
  request: new Request(
    'http://localhost/',
    forwardedFor === undefined ? {} : { headers: { 'x-forwarded-for': forwardedFor } },
  ),
  clientAddress,
});

describe('clientIp', () => {
  test('the rate-limit subject: IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 by its /64, junk as unknown', () => {
    const subjectOf = (clientAddress: string | undefined) => clientIp(contextOf(clientAddress as string));
    expect(subjectOf('203.0.113.7')).toBe('203.0.113.7');
    expect(subjectOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(subjectOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(subjectOf('2001:DB8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(subjectOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(subjectOf('[fe80::1%eth0]')).toBe('fe80:0:0:0::/64');
    expect(subjectOf('not an ip')).toBe('unknown');
    expect(subjectOf(undefined)).toBe('unknown');
  });

  test('without TRUST_PROXY the connection is the client, whatever X-Forwarded-For says', () => {
    expect(clientIp(contextOf('10.0.0.1', '198.51.100.1'))).toBe('10.0.0.1');
    process.env.TRUST_PROXY = 'false';
    expect(clientIp(contextOf('10.0.0.1', '198.51.100.1'))).toBe('10.0.0.1');
  });

  test('one trusted proxy (true or 1): the entry it appended, never one the client wrote before it', () => {
    for (const value of ['1', 'true', 'yes']) {
      process.env.TRUST_PROXY = value;
      // The attack: the client sends its own X-Forwarded-For, the proxy appends the real address.
      expect(clientIp(contextOf('10.0.0.1', '203.0.113.66, 198.51.100.1'))).toBe('198.51.100.1');
      expect(clientIp(contextOf('10.0.0.1', '198.51.100.1'))).toBe('198.51.100.1');
      // No header: a request that did not come through the proxy is its own client.
      expect(clientIp(contextOf('10.0.0.1'))).toBe('10.0.0.1');
    }
  });

  test('a hop count: two proxies (a CDN in front of Varnish) hand over the entry the outer one wrote', () => {
    process.env.TRUST_PROXY = '2';
    expect(clientIp(contextOf('10.0.0.1', '203.0.113.66, 198.51.100.1, 172.16.0.9'))).toBe('198.51.100.1');
    // Fewer entries than hops: the leftmost is the client (it reached the inner proxy directly).
    expect(clientIp(contextOf('10.0.0.1', '198.51.100.1'))).toBe('198.51.100.1');
  });

  test('a list of proxies: only those hand over, from the right, and a peer not on it is the client', () => {
    process.env.TRUST_PROXY = 'loopback, 10.0.0.0/8';
    expect(clientIp(contextOf('127.0.0.1', '203.0.113.66, 198.51.100.1, 10.1.2.3'))).toBe('198.51.100.1');
    expect(clientIp(contextOf('::1', '198.51.100.1'))).toBe('198.51.100.1');
    // A stranger connecting directly cannot name another client.
    expect(clientIp(contextOf('198.51.100.9', '203.0.113.66'))).toBe('198.51.100.9');
  });

  test('an entry that is no address ends the walk at the hop that passed it on', () => {
    expect(clientAddressBehind('10.0.0.1', 'garbage', parseTrustProxy('1'))).toBe('10.0.0.1');
    expect(clientAddressBehind('10.0.0.1', '198.51.100.1, garbage', parseTrustProxy('2'))).toBe('10.0.0.1');
    expect(clientAddressBehind('10.0.0.1', '[2001:db8::1]', parseTrustProxy('1'))).toBe('2001:db8::1');
  });

  test('an address the adapter cannot tell is unknown', () => {
    const noAddress = {
      request: new Request('http://localhost/'),
      get clientAddress(): string {
        throw new Error('unavailable');
      },
    };
    expect(clientIp(noAddress)).toBe('unknown');
  });

  test('a TRUST_PROXY that is neither a flag, a count nor addresses stops the start with its name', () => {
    expect(() => parseTrustProxy('the proxy')).toThrow();
    expect(() => parseEnv({ TRUST_PROXY: 'the proxy' })).toThrow(/TRUST_PROXY/);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toBe('10.0.0.0/8, loopback');
  });
});

describe('requestClient', () => {
  // The cache provider gets a bare Request: the address is read from where Astro's node adapter
  // leaves it, an Astro internal (docs/framework-patches.md). A new Astro that moved it fails here.
  test("reads the peer address that Astro's node adapter leaves on the Request", async () => {
    const { createRequestFromNodeRequest } = await import('astro/app/node');
    const req = { method: 'GET', url: '/de', headers: { host: 'shop.test' }, socket: { remoteAddress: '203.0.113.9' } };
    const request = createRequestFromNodeRequest(req as unknown as Parameters<typeof createRequestFromNodeRequest>[0]);
    expect(requestClient(request).clientAddress).toBe('203.0.113.9');
    expect(() => requestClient(new Request('http://shop.test/')).clientAddress).toThrow();
  });
});
