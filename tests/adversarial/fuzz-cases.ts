// The requests the fuzz suite sends to one endpoint: schema-derived bodies (schema-arbitrary.ts) and
// a fixed set of hostile ones that no schema describes: broken JSON, wrong content types, deep
// nesting, prototype keys, huge arrays, bytes that are not UTF-8.
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { deeplyNested, hostileScalarArb, hostileStringArb, withPrototypeKeys } from './hostile.ts';
import { sampleBodies, type ValuePools } from './schema-arbitrary.ts';
import type { FuzzTarget } from './endpoints.ts';
import type { SendOptions } from './http-client.ts';
import { stripeSignature } from '#tests/fakes/payment-fakes.ts';

export interface FuzzCase {
  /** What kind of body (for the report). */
  kind: string;
  request: SendOptions;
  /** Sent with the shopper's session (else as a guest). */
  signedIn: boolean;
}

export interface Secrets {
  publishWebhook: string;
  stripeWebhook: string;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** Invalid JSON of many kinds, each a body a broken client or an attacker sends. */
const INVALID_JSON: readonly (string | Buffer)[] = [
  '',
  '{',
  '{"a":',
  '{"a":1}garbage',
  "{'a':1}",
  '[1,]',
  '{"a":1,}',
  'nul',
  'NaN',
  'undefined',
  '\u0000',
  '{"a":"\u0000"}',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\x41"}',
  '1e999',
  '-',
  '"unterminated',
  '{"__proto__":',
  '{}{}',
  ' '.repeat(1000),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]),
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
];

/** Content types that are not `application/json`, and disguises of it. */
const WRONG_TYPES: readonly (string | undefined)[] = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/json',
  'application/jsonx',
  'application/json; charset=utf-16',
  'application/xml',
  '*/*',
  'application/json, text/plain',
  'APPLICATION/JSON',
  'application/json\t;x',
];

function hashSeed(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

/** Query parameters from a body: what a GET endpoint gets (objects and arrays as JSON text). */
function toQuery(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return `?value=${encodeURIComponent(JSON.stringify(body))}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body))
    params.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const query = params.toString();
  return query ? `?${query}` : '';
}

const HOSTILE_QUERIES = [
  '?%00=1',
  '?a=%00',
  '?a=%ZZ',
  '?a=%E0%A4%A',
  '?__proto__=1&constructor=x&prototype=y',
  '?locale=de&locale=en',
  '?locale[]=de',
  '?cartId=%F0%9F%98%80',
  `?x=${'a'.repeat(6_000)}`,
  '?' + Array.from({ length: 500 }, (_, i) => `k${i}=${i}`).join('&'),
  '?=',
  '?&&&',
  '?a=%uD800',
];

let webhookIds = 0;
/** Headers of a signed Standard Webhooks delivery: the publish webhook verifies them before reading the body. */
function publishSignature(secret: string, body: string): Record<string, string> {
  const id = `msg_fuzz_${process.pid}_${++webhookIds}`;
  const now = new Date();
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret, { format: 'raw' }).sign(id, now, body),
  };
}

/** Stripe-shaped events with hostile ids, amounts and metadata, for the Stripe webhook. */
const stripeEventArb = fc.record(
  {
    id: fc.oneof(fc.constant('evt_fuzz'), hostileStringArb),
    type: fc.constantFrom(
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
      'payment_intent.processing',
      'charge.refunded',
      '\u0000',
    ),
    data: fc.record({
      object: fc.record({
        id: fc.oneof(fc.constant('pi_fuzz'), hostileStringArb),
        amount: fc.oneof(fc.integer(), hostileScalarArb),
        currency: fc.oneof(fc.constant('eur'), hostileStringArb),
        metadata: fc.record({ orderId: fc.oneof(fc.uuid(), hostileStringArb) }),
      }),
    }),
  },
  { requiredKeys: [] },
);

/** Adds what the endpoint's door asks for (a signature) to half of its bodies, so they reach the schema. */
function signFor(target: FuzzTarget, secrets: Secrets, text: string, index: number): Record<string, string> {
  if (index % 2 === 1) return {};
  if (target.path === '/api/webhooks/publish') return publishSignature(secrets.publishWebhook, text);
  if (target.path === '/api/payments/stripe/webhook')
    return { 'stripe-signature': stripeSignature(text, secrets.stripeWebhook) };
  return {};
}

/** At least `count` schema-derived bodies plus the fixed hostile set, for one endpoint. */
export function fuzzCases(target: FuzzTarget, pools: ValuePools, secrets: Secrets, count: number): FuzzCase[] {
  const seed = hashSeed(`${target.method} ${target.path}`);
  const bodies = target.operation
    ? sampleBodies(target.operation.request, pools, count, seed)
    : fc.sample(fc.oneof(stripeEventArb, fc.anything()), { numRuns: count, seed });
  const cases: FuzzCase[] = [];
  const add = (kind: string, request: Omit<SendOptions, 'method' | 'path'> & { path?: string }) => {
    const index = cases.length;
    cases.push({ kind, signedIn: index % 3 !== 2, request: { method: target.method, path: target.path, ...request } });
  };
  if (target.method === 'GET') {
    bodies.forEach((body) => add('schema-derived query', { path: target.path + toQuery(body) }));
    HOSTILE_QUERIES.forEach((query) => add('hostile query', { path: target.path + query }));
    return cases;
  }
  const json = (kind: string, text: string | Buffer, headers: Record<string, string> = JSON_TYPE) =>
    add(kind, { body: text, headers: { ...headers, ...signFor(target, secrets, text.toString(), cases.length) } });
  bodies.forEach((body) => json('schema-derived body', JSON.stringify(body) ?? 'null'));
  INVALID_JSON.forEach((text) => json('invalid JSON', text));
  for (const type of WRONG_TYPES)
    json('wrong content type', JSON.stringify(bodies[0] ?? {}), type === undefined ? {} : { 'content-type': type });
  for (const depth of [1_000, 10_000]) {
    json(`nesting ${depth} deep (array)`, deeplyNested(depth, 'array'));
    json(`nesting ${depth} deep (object)`, deeplyNested(depth, 'object'));
  }
  for (const body of bodies.slice(0, 5)) json('prototype keys', withPrototypeKeys(body));
  json('huge array', JSON.stringify(Array.from({ length: 10_000 }, (_, i) => i)));
  json(
    'huge array in every field',
    JSON.stringify(
      Object.fromEntries(
        Object.keys((bodies.find((b) => typeof b === 'object' && b && !Array.isArray(b)) as object) ?? {}).map((k) => [
          k,
          Array.from({ length: 3_000 }, () => 'x'),
        ]),
      ),
    ),
  );
  for (const scalar of [null, true, 0, '', 'x', [], 1e308]) json('not an object', JSON.stringify(scalar));
  return cases;
}
