// The editor workspace generates its forms from the content schemas themselves, so the browser refuses
// exactly what the server refuses. This module reads a zod schema into a plain descriptor tree and holds
// the immutable value helpers the form components build on; it imports zod only as types, because the
// schemas arrive from the caller and a value import would ship zod to every page that loads the module.
import type { z } from 'astro/zod';

type Schema = z.core.$ZodType;
type Check = z.core.$ZodCheck<never>;

/** One step of a value path: an object key, a record key or an array index. */
type PathSegment = string | number;
export type Path = readonly PathSegment[];

export interface FieldDescriptor {
  key: string;
  /** The key may be absent (`.optional()` or `.default()`). */
  optional: boolean;
  /** What the schema fills in when the key is absent. */
  defaultValue?: unknown;
  descriptor: Descriptor;
}

interface StringPattern {
  regex: RegExp;
  /** The schema's own message for a value that does not match, when it gives one. */
  message?: string;
}

type RecordKeyDescriptor = { kind: 'string' } | { kind: 'enum'; options: readonly string[] };

export type Descriptor =
  | {
      kind: 'object';
      fields: readonly FieldDescriptor[];
      /** Every key may be absent and none has a default: a `.partial()` set of overrides, where absent
       *  means "use the site's default" rather than "empty". */
      partial: boolean;
    }
  | { kind: 'array'; element: Descriptor; min?: number; max?: number }
  | {
      kind: 'string';
      min?: number;
      max?: number;
      patterns: readonly StringPattern[];
      format?: string;
      /** The patterns accept hex colours (#0a5cad) and nothing else a colour picker would not give. */
      hexColour: boolean;
    }
  | { kind: 'number'; int: boolean; min?: number; max?: number }
  | { kind: 'boolean' }
  | { kind: 'enum'; options: readonly string[] }
  | { kind: 'record'; key: RecordKeyDescriptor; value: Descriptor; partial: boolean }
  | { kind: 'lazy'; resolve: () => Descriptor }
  /** A schema type the forms do not edit (unions, dates ...): shown as nothing, kept as it is. */
  | { kind: 'unknown'; type: string };

/** Wrappers that change whether a key may be absent but not what the value looks like. */
const PASS_THROUGH = new Set(['nullable', 'readonly', 'catch', 'nonoptional']);

interface Unwrapped {
  schema: Schema;
  optional: boolean;
  defaultValue?: unknown;
}

function unwrap(schema: Schema): Unwrapped {
  const def = schema._zod.def;
  if (def.type === 'optional') return { ...unwrap((def as z.core.$ZodOptionalDef).innerType), optional: true };
  if (def.type === 'default' || def.type === 'prefault') {
    const inner = unwrap((def as z.core.$ZodDefaultDef).innerType);
    return { ...inner, optional: true, defaultValue: (def as z.core.$ZodDefaultDef).defaultValue };
  }
  // A form edits what goes into a pipe; its output side may be a transform with nothing to show.
  if (def.type === 'pipe') return unwrap((def as z.core.$ZodPipeDef).in);
  if (PASS_THROUGH.has(def.type)) return unwrap((def as z.core.$ZodOptionalDef).innerType);
  return { schema, optional: false };
}

function checkDefs(schema: Schema): z.core.$ZodCheckDef[] {
  return ((schema._zod.def.checks ?? []) as Check[]).map((c) => c._zod.def);
}

function errorText(def: z.core.$ZodCheckDef, issue: object): string | undefined {
  try {
    const out: unknown = (def.error as ((issue: object) => unknown) | undefined)?.(issue);
    if (typeof out === 'string') return out;
    if (out && typeof out === 'object' && 'message' in out && typeof out.message === 'string') return out.message;
  } catch {
    // An error map written for real issues may read fields this stand-in lacks: no message then.
  }
  return undefined;
}

const acceptsOnlyHexColours = (patterns: readonly StringPattern[]) =>
  patterns.length > 0 &&
  patterns.every(
    ({ regex }) =>
      ['#0a5cad', '#fff'].every((s) => regex.test(s)) && !['red', '0a5cad', 'url(x)'].some((s) => regex.test(s)),
  );

function describeString(schema: Schema): Descriptor {
  const out: { min?: number; max?: number; format?: string } = {};
  const patterns: StringPattern[] = [];
  const own = schema._zod.def as z.core.$ZodStringFormatDef;
  if (typeof own.format === 'string') out.format = own.format;
  for (const def of checkDefs(schema)) {
    if (def.check === 'min_length') out.min = Math.max(out.min ?? 0, (def as z.core.$ZodCheckMinLengthDef).minimum);
    else if (def.check === 'max_length')
      out.max = Math.min(out.max ?? Infinity, (def as z.core.$ZodCheckMaxLengthDef).maximum);
    else if (def.check === 'length_equals') out.min = out.max = (def as z.core.$ZodCheckLengthEqualsDef).length;
    else if (def.check === 'string_format') {
      const { format, pattern } = def as z.core.$ZodCheckStringFormatDef;
      if (format === 'regex' && pattern) {
        const message = errorText(def, { code: 'invalid_format', format, pattern: pattern.source, input: '' });
        patterns.push(message === undefined ? { regex: pattern } : { regex: pattern, message });
      } else out.format = format;
    }
  }
  return { kind: 'string', ...out, patterns, hexColour: acceptsOnlyHexColours(patterns) };
}

function describeNumber(schema: Schema): Descriptor {
  const out: { int: boolean; min?: number; max?: number } = { int: false };
  for (const def of checkDefs(schema)) {
    if (def.check === 'number_format') out.int ||= /int/.test((def as z.core.$ZodCheckNumberFormatDef).format);
    else if (def.check === 'greater_than') out.min = Number((def as z.core.$ZodCheckGreaterThanDef).value);
    else if (def.check === 'less_than') out.max = Number((def as z.core.$ZodCheckLessThanDef).value);
  }
  return { kind: 'number', ...out };
}

function describeArray(schema: Schema, lazies: Map<Schema, Descriptor>): Descriptor {
  const out: { min?: number; max?: number } = {};
  for (const def of checkDefs(schema)) {
    if (def.check === 'min_length') out.min = (def as z.core.$ZodCheckMinLengthDef).minimum;
    else if (def.check === 'max_length') out.max = (def as z.core.$ZodCheckMaxLengthDef).maximum;
    else if (def.check === 'length_equals') out.min = out.max = (def as z.core.$ZodCheckLengthEqualsDef).length;
  }
  return { kind: 'array', element: describe((schema._zod.def as z.core.$ZodArrayDef).element, lazies), ...out };
}

function describeObject(schema: Schema, lazies: Map<Schema, Descriptor>): Descriptor {
  const fields = Object.entries((schema._zod.def as z.core.$ZodObjectDef).shape).map(
    ([key, field]): FieldDescriptor => {
      const { schema: inner, optional, defaultValue } = unwrap(field);
      const descriptor = describe(inner, lazies);
      return defaultValue === undefined ? { key, optional, descriptor } : { key, optional, defaultValue, descriptor };
    },
  );
  const partial = fields.length > 0 && fields.every((f) => f.optional && f.defaultValue === undefined);
  return { kind: 'object', fields, partial };
}

function enumOptions(schema: Schema): string[] | undefined {
  const def = schema._zod.def;
  if (def.type === 'enum') return Object.values((def as z.core.$ZodEnumDef).entries).map(String);
  if (def.type === 'literal') return (def as z.core.$ZodLiteralDef<z.core.util.Literal>).values.map(String);
  return undefined;
}

function describeRecord(schema: Schema, lazies: Map<Schema, Descriptor>): Descriptor {
  const def = schema._zod.def as z.core.$ZodRecordDef;
  const options = enumOptions(unwrap(def.keyType).schema);
  return {
    kind: 'record',
    key: options ? { kind: 'enum', options } : { kind: 'string' },
    value: describe(unwrap(def.valueType).schema, lazies),
    partial: def.partial === true,
  };
}

function describe(schema: Schema, lazies: Map<Schema, Descriptor>): Descriptor {
  const { schema: inner } = unwrap(schema);
  const def = inner._zod.def;
  switch (def.type) {
    case 'object':
      return describeObject(inner, lazies);
    case 'array':
      return describeArray(inner, lazies);
    case 'string':
      return describeString(inner);
    case 'number':
      return describeNumber(inner);
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
    case 'literal':
      return { kind: 'enum', options: enumOptions(inner) ?? [] };
    case 'record':
      return describeRecord(inner, lazies);
    case 'lazy': {
      // A recursive schema (menu children) meets the same lazy schema again: hand back the same
      // descriptor, so the tree becomes a finite graph that is only unfolded as deep as a form renders.
      const known = lazies.get(inner);
      if (known) return known;
      let resolved: Descriptor | undefined;
      const lazy: Descriptor = {
        kind: 'lazy',
        resolve: () => (resolved ??= describe((inner._zod as z.core.$ZodLazyInternals).innerType, lazies)),
      };
      lazies.set(inner, lazy);
      return lazy;
    }
    default:
      return { kind: 'unknown', type: def.type };
  }
}

/** The descriptor tree of a schema; wrappers (optional, default, pipe) are unwrapped onto the fields. */
export function describeSchema(schema: Schema): Descriptor {
  return describe(schema, new Map());
}

/** The descriptor behind any number of lazy wrappers. */
export function resolveDescriptor(descriptor: Descriptor): Exclude<Descriptor, { kind: 'lazy' }> {
  let d = descriptor;
  while (d.kind === 'lazy') d = d.resolve();
  return d;
}

/** A fresh value for a new array item or record entry: required keys filled, optional ones left out. */
export function emptyValue(descriptor: Descriptor): unknown {
  const d = resolveDescriptor(descriptor);
  switch (d.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const f of d.fields) {
        if (f.defaultValue !== undefined) out[f.key] = structuredClone(f.defaultValue);
        else if (!f.optional) out[f.key] = emptyValue(f.descriptor);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: d.min ?? 0 }, () => emptyValue(d.element));
    case 'string':
      return '';
    case 'number':
      return Math.max(d.min ?? 0, 0);
    case 'boolean':
      return false;
    case 'enum':
      return d.options[0];
    case 'record':
      return d.key.kind === 'enum' && !d.partial
        ? Object.fromEntries(d.key.options.map((k) => [k, emptyValue(d.value)]))
        : {};
    case 'unknown':
      return undefined;
  }
}

/** A value an optional key is better without: the key is removed rather than kept empty. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === '' || Number.isNaN(value)) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

/**
 * The first non-empty text an item holds, depth first in field order (enum values are codes, not
 * text), so a collapsed menu entry is recognisable by its first title.
 */
export function itemSummary(descriptor: Descriptor, value: unknown): string {
  const d = resolveDescriptor(descriptor);
  if (d.kind === 'string') return typeof value === 'string' ? value.trim() : '';
  if (d.kind === 'number') return typeof value === 'number' ? String(value) : '';
  if (value === null || typeof value !== 'object') return '';
  const parts: [Descriptor, unknown][] =
    d.kind === 'object'
      ? d.fields.map((f) => [f.descriptor, (value as Record<string, unknown>)[f.key]])
      : d.kind === 'array' && Array.isArray(value)
        ? value.map((v) => [d.element, v])
        : d.kind === 'record'
          ? Object.values(value).map((v) => [d.value, v])
          : [];
  for (const [child, v] of parts) {
    const text = itemSummary(child, v);
    if (text) return text;
  }
  return '';
}

/** The dotted form of a path ('entries.0.titles.1.title'), as issues and hints are keyed. */
export const pathKey = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/** @internal */
export function getAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PathSegment, unknown>)[segment];
  }
  return current;
}

/**
 * A copy of `value` with `next` at `path`; containers on the way are copied, never changed, and made
 * when missing. `undefined` removes an object key, so an optional field can go back to "not set".
 */
export function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [PathSegment, ...PathSegment[]];
  const container = value !== null && typeof value === 'object' ? value : typeof head === 'number' ? [] : {};
  const child = setAt((container as Record<PathSegment, unknown>)[head], rest, next);
  if (Array.isArray(container)) {
    const copy = [...(container as unknown[])];
    copy[Number(head)] = child;
    return copy;
  }
  const copy: Record<string, unknown> = { ...container };
  if (child === undefined) delete copy[head];
  else copy[head] = child;
  return copy;
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  if (from < 0 || from >= copy.length || to < 0 || to >= copy.length) return copy;
  const [moved] = copy.splice(from, 1) as [T];
  copy.splice(to, 0, moved);
  return copy;
}

export const removeAt = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

export const insertAt = <T>(items: readonly T[], index: number, item: T): T[] => [
  ...items.slice(0, index),
  item,
  ...items.slice(index),
];

/**
 * Field errors by dotted path; a path keeps its first issue, the one a person fixes first.
 * @internal Used by validate(); exported for its test.
 */
export function issuesByPath(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[pathKey(issue.path)] ??= issue.message;
  return out;
}

type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: Record<string, string> };

/**
 * Checks a form value with the schema the server parses it with. `message` rewords an issue (the
 * workspace's language); the schema's own message is used otherwise.
 */
export function validate<T>(
  schema: z.ZodType<T>,
  value: unknown,
  message?: (issue: z.core.$ZodIssue) => string,
): ValidationResult<T> {
  // The issues carry the refused input, so `message` can tell a missing value from a wrong one.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  const issues = message
    ? result.error.issues.map((i) => ({ path: i.path, message: message(i) }))
    : result.error.issues;
  return { ok: false, issues: issuesByPath(issues) };
}

/** 'isCategoryBarEnabled' → 'Category bar enabled', 'backgroundColor' → 'Background color'. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/^is(?=[A-Z])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every word the form components print, so each workspace language supplies its own. */
export interface FormStrings {
  /** 'Add {item}' */
  add: string;
  /** Accessible name of an item's remove button: 'Remove {item}' ({item} is itemRef or itemRefSummary). */
  remove: string;
  moveUp: string;
  moveDown: string;
  /** Visible button texts; each appears inside the matching accessible name. */
  removeShort: string;
  moveUpShort: string;
  moveDownShort: string;
  /** The noun for one element of a list: 'entry'. */
  item: string;
  /** 'entry {position}' */
  itemRef: string;
  /** 'entry {position} ({summary})' */
  itemRefSummary: string;
  /** Heading of an item without text of its own: 'Entry {position}'. */
  itemTitle: string;
  siteDefault: string;
  notSet: string;
  yes: string;
  no: string;
  key: string;
  value: string;
  keyRequired: string;
  duplicateKey: string;
}

/** Fills {name} placeholders; an unknown placeholder stays visible rather than vanishing. */
export const fillTemplate = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
