// Values an attacker or a broken client sends instead of what a field expects. Each one once broke a
// real system somewhere: PostgreSQL refuses NUL bytes and lone surrogates in text ("invalid byte
// sequence for encoding UTF8"), integers beyond int4 ("out of range for type integer"), and JSON.parse
// happily builds 1,000-level nesting, `__proto__` keys and 10^308.
import fc from 'fast-check';

/** C0 controls (NUL first), DEL and a C1 control: every string field gets them in turn. */
const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000B',
  '\u000C',
  '\u001B',
  '\u001F',
  '\u007F',
  '\u0085',
  '\u009F',
];

/** Text that is not text a database column or a UTF-8 encoder accepts, or that means something elsewhere. */
const HOSTILE_STRINGS: readonly string[] = [
  ...CONTROL_CHARACTERS.map((c) => `a${c}b`),
  '\u0000',
  'x'.repeat(10) + '\u0000',
  '\uD800',
  '\uDFFF',
  'a\uDC00b',
  '\uDBFF\uDBFF',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202E',
  '\u200B',
  '\uFFFF',
  '\uFFFE',
  '𝕏😀',
  'ﬀ',
  'İ',
  'ß'.repeat(64),
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '9007199254740993',
  '0x10',
  '2147483648',
  'null',
  'undefined',
  'true',
  '',
  ' ',
  '\t',
  '\n',
  '\r\n',
  "' OR 1=1 --",
  '"; DROP TABLE customers; --',
  '\\',
  '%00',
  '%',
  '_',
  '../../../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'x'.repeat(300),
  'x'.repeat(5_000),
];

/** Numbers beyond int4 and float tricks. JSON has no NaN: its stand-ins are the strings above. */
const HOSTILE_NUMBERS: readonly number[] = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  -(2 ** 31),
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  -1,
  0,
  -0,
  1e308,
  -1e308,
  1.7976931348623157e308,
  5e-324,
  0.5,
  1.5,
  1e21,
  999999999999,
];

/** Anything of another JSON type. */
const HOSTILE_SCALARS: readonly unknown[] = [null, true, false, {}, [], '', 0, '1', [null], { '': '' }];

/** A body nested `depth` levels deep: [[[…]]] or {"a":{"a":…}}. Built as text so no recursion limit applies here. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Prototype keys as own JSON keys (JSON.parse makes `__proto__` an own property, an object literal would not). */
export function withPrototypeKeys(body: unknown): string {
  const text = JSON.stringify(body ?? {});
  const poison =
    '"__proto__":{"isAdmin":true,"status":500},"constructor":{"prototype":{"polluted":1}},"prototype":{"x":1}';
  return text.startsWith('{') ? (text === '{}' ? `{${poison}}` : `{${poison},${text.slice(1)}`) : `{${poison}}`;
}

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

/** A random string with a control character or lone surrogate spliced in somewhere. */
const spliced = (base: fc.Arbitrary<string>) =>
  fc.tuple(base, fc.constantFrom(...CONTROL_CHARACTERS, '\uD800', '\uDFFF'), fc.nat()).map(([s, bad, at]) => {
    const i = s.length === 0 ? 0 : at % (s.length + 1);
    return s.slice(0, i) + bad + s.slice(i);
  });

export const hostileStringArb: fc.Arbitrary<string> = fc.oneof(hostileString, spliced(fc.string({ maxLength: 40 })));
export const hostileNumberArb: fc.Arbitrary<number> = fc.constantFrom(...HOSTILE_NUMBERS);
export const hostileScalarArb: fc.Arbitrary<unknown> = fc.constantFrom(...HOSTILE_SCALARS);
