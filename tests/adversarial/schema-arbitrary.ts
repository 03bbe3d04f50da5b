// Request bodies derived from an operation's zod schema: z.toJSONSchema() describes it, and this small
// converter turns that JSON Schema into a fast-check arbitrary of VALID-SHAPED bodies (the right keys,
// types and sizes) whose values are now and then hostile (hostile.ts). A body that only has the wrong
// shape stops at the schema; one of the right shape with a poisoned value is what reaches SQL.
import fc from 'fast-check';
import { z } from 'astro/zod';
import { hostileNumberArb, hostileScalarArb, hostileStringArb } from './hostile.ts';

/** The JSON Schema subset z.toJSONSchema() writes for our request schemas. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** Real values of the shop under test, so that valid-shaped bodies also name things that exist. */
export interface ValuePools {
  /** Ids of the session's cart, its lines, addresses, orders… */
  uuids: readonly string[];
  skus: readonly string[];
  /** Product and category ids, cart versions. */
  ints: readonly number[];
  emails: readonly string[];
  passwords: readonly string[];
}

/** The JSON Schema of a request schema, as the client would send it (input side). */
function requestJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Mostly what the field expects (weight 3), sometimes the pool's real value (2), sometimes hostile (2). */
function mix<T>(
  valid: fc.Arbitrary<T>,
  hostile: fc.Arbitrary<unknown>,
  pool?: readonly unknown[],
): fc.Arbitrary<unknown> {
  const choices: fc.WeightedArbitrary<unknown>[] = [
    { arbitrary: valid, weight: 3 },
    { arbitrary: hostile, weight: 2 },
  ];
  if (pool && pool.length > 0) choices.push({ arbitrary: fc.constantFrom(...pool), weight: 2 });
  return fc.oneof(...choices);
}

function stringArb(s: JsonSchema, name: string, pools: ValuePools): fc.Arbitrary<unknown> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 80, 400);
  let valid: fc.Arbitrary<string> = fc.string({ minLength, maxLength, unit: 'grapheme' });
  let pool: readonly unknown[] | undefined;
  if (s.format === 'uuid') {
    valid = fc.uuid();
    pool = pools.uuids;
  } else if (s.format === 'email' || /e-?mail|username/i.test(name)) {
    valid = fc.emailAddress();
    pool = pools.emails;
  } else if (/sku|ref|itemnum/i.test(name)) {
    pool = pools.skus;
  } else if (/password/i.test(name)) {
    pool = pools.passwords;
  } else if (s.pattern) {
    try {
      valid = fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= minLength && v.length <= maxLength);
    } catch {
      /* a pattern fast-check cannot invert: plain strings */
    }
  }
  // One past the limit is the classic off-by-one.
  const hostile = fc.oneof(hostileStringArb, fc.constant('x'.repeat((s.maxLength ?? 200) + 1)), hostileScalarArb);
  return mix(valid, hostile, pool);
}

function numberArb(s: JsonSchema, name: string, pools: ValuePools, integer: boolean): fc.Arbitrary<unknown> {
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : s.minimum;
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : s.maximum;
  const valid = integer
    ? fc.integer({
        min: Math.max(min ?? -(2 ** 31), Number.MIN_SAFE_INTEGER),
        max: Math.min(max ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER),
      })
    : fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
  const edges = [min, max, min !== undefined ? min - 1 : undefined, max !== undefined ? max + 1 : undefined].filter(
    (v): v is number => v !== undefined,
  );
  const hostile = fc.oneof(
    hostileNumberArb,
    fc.constantFrom(...(edges.length ? edges : [0])),
    hostileStringArb,
    hostileScalarArb,
  );
  return mix(valid, hostile, /id$|^id|version/i.test(name) ? pools.ints : undefined);
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  const name = ref.replace(/^#\/\$defs\//, '');
  return root.$defs?.[name] ?? {};
}

/**
 * The arbitrary of one JSON Schema node. `depth` bounds recursive schemas; `name` is the property the
 * value sits in (a hint for pools: a `sku` gets real skus, an `email` real addresses).
 */
function arbitraryFor(
  s: JsonSchema,
  pools: ValuePools,
  root: JsonSchema = s,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const next = (child: JsonSchema, childName = name) => arbitraryFor(child, pools, root, childName, depth + 1);
  if (s.$ref) return next(resolveRef(s.$ref, root));
  if (s.const !== undefined) return mix(fc.constant(s.const), fc.oneof(hostileStringArb, hostileScalarArb));
  if (s.enum) return mix(fc.constantFrom(...s.enum), fc.oneof(hostileStringArb, hostileScalarArb));
  const union = s.oneOf ?? s.anyOf;
  if (union) return fc.oneof(...union.map((u) => next(u)));
  if (s.allOf && s.allOf.length > 0) return next(s.allOf[0]!);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArb(s, name, pools);
    case 'integer':
      return numberArb(s, name, pools, true);
    case 'number':
      return numberArb(s, name, pools, false);
    case 'boolean':
      return mix(fc.boolean(), fc.oneof(hostileScalarArb, hostileStringArb));
    case 'null':
      return fc.oneof(fc.constant(null), hostileScalarArb);
    case 'array': {
      const items = s.items ? next(s.items) : fc.anything();
      const valid = fc.array(items, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 8) });
      // One more element than allowed, and a few thousand of them.
      const over = fc.constant(Array.from({ length: (s.maxItems ?? 100) + 1 }, () => null));
      const huge = fc.constant(Array.from({ length: 5_000 }, (_, i) => i));
      return fc.oneof(
        { arbitrary: valid, weight: 6 },
        { arbitrary: over, weight: 1 },
        { arbitrary: huge, weight: 1 },
        { arbitrary: hostileScalarArb, weight: 1 },
      );
    }
    case 'object': {
      const properties = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) record[key] = next(child, key);
      const requiredKeys = Object.keys(properties).filter((k) => required.has(k));
      const valid = fc.record(record, { requiredKeys });
      // A missing required field, an unknown one, or the object swapped for another type.
      const missing = valid.map((o) => {
        const copy = { ...o };
        delete copy[requiredKeys[0] ?? ''];
        return copy;
      });
      const extra = valid.map((o) => ({ ...o, unexpected: 'field', price: 0 }));
      return fc.oneof(
        { arbitrary: valid, weight: 8 },
        { arbitrary: missing, weight: 1 },
        { arbitrary: extra, weight: 1 },
        { arbitrary: hostileScalarArb, weight: 1 },
      );
    }
    default:
      return fc.oneof(hostileScalarArb, hostileStringArb, hostileNumberArb);
  }
}

/** `count` bodies for a request schema, reproducible from `seed`. */
export function sampleBodies(schema: z.ZodType, pools: ValuePools, count: number, seed: number): unknown[] {
  const json = requestJsonSchema(schema);
  return fc.sample(arbitraryFor(json, pools), { numRuns: count, seed });
}
