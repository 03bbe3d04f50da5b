// Every request schema refuses what the database would fail on: each text field a NUL byte, each whole
// number a value beyond PostgreSQL's integer. A field built with a bare z.string() or z.number() shows
// up here by operation and path, before a fuzzer finds the 500 (src/lib/http/fields.ts).
import { describe, expect, test } from 'vitest';
import type { z } from 'astro/zod';
import { operations } from '#tests/helpers/operations.ts';

interface Leaf {
  path: string;
  kind: 'string' | 'number';
  schema: z.ZodType;
}

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What a chain of pipes starts from. */
function sourceType(schema: z.ZodType): string {
  const def = defOf(schema);
  return def.type === 'pipe' ? sourceType(def.in as z.ZodType) : def.type;
}

/** The string and number schemas inside a schema, with where they sit. */
function leaves(schema: z.ZodType, path = ''): Leaf[] {
  const def = defOf(schema);
  const inner = (key: string) => leaves(def[key] as z.ZodType, path);
  switch (def.type) {
    case 'string':
      return [{ path, kind: 'string', schema }];
    case 'number':
      return [{ path, kind: 'number', schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
        leaves(child, path ? `${path}.${key}` : key),
      );
    case 'array':
      return leaves(def.element as z.ZodType, `${path}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    // A pipe that starts from text or a number is checked whole: its output schema may hold the rules.
    case 'pipe': {
      const from = sourceType(schema);
      return from === 'string' || from === 'number' ? [{ path, kind: from, schema }] : inner('in');
    }
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => leaves(option, path));
    case 'intersection':
      return [...inner('left'), ...inner('right')];
    case 'record':
      return leaves(def.valueType as z.ZodType, `${path}{}`);
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((item, i) => leaves(item, `${path}[${i}]`));
    default:
      return [];
  }
}

const requestLeaves = operations.flatMap(([name, op]) =>
  leaves(op.request).map((leaf) => ({ ...leaf, operation: name })),
);

describe('request schemas', () => {
  test('have text and number fields to check', () => {
    expect(requestLeaves.filter((l) => l.kind === 'string').length).toBeGreaterThan(40);
  });

  test('refuse a NUL byte in every text field', () => {
    // Short and long probes: a field with a minimum length must not pass the long one either.
    const probes = ['a\u0000b', `${'x'.repeat(12)}\u0000${'y'.repeat(12)}`];
    const open = requestLeaves.filter(
      (l) => l.kind === 'string' && probes.some((probe) => l.schema.safeParse(probe).success),
    );
    expect(open.map((l) => `${l.operation}: ${l.path}`)).toEqual([]);
  });

  /** Fields that name a bigserial id, with why: JavaScript's safe integers bound them instead. */
  const BIGINT_FIELDS = new Map([
    ['moderationApi.auditLog: before', "a cursor over the audit trail's bigserial id"],
    ['moderationApi.auditLog: after', "a cursor over the audit trail's bigserial id"],
  ]);

  test('refuse whole numbers beyond the database integer in every number field', () => {
    const open = requestLeaves.filter((l) => {
      const probes = BIGINT_FIELDS.has(`${l.operation}: ${l.path}`)
        ? [2 ** 53, -1, 1e308]
        : [2 ** 31, -(2 ** 31) - 1, 1e308];
      return l.kind === 'number' && probes.some((n) => l.schema.safeParse(n).success);
    });
    expect(open.map((l) => `${l.operation}: ${l.path}`)).toEqual([]);
  });
});
