// Reading content that a newer link or picture rule refuses (links.ts). Every write is checked against
// the rules, but entries stored before a rule existed, or written by SQL, may break one: a favicon on a
// CDN, an http: social link, a `referrer` meta tag. Such an entry must neither reach the page as it
// is nor take the shop down after an upgrade, so the offending part is left out: the list item that
// holds it (a menu entry, a footer link, a meta tag), else the field, or a built-in value for a field
// the entry cannot do without. Any other fault still fails the entry, as it always did.
import type { z } from 'astro/zod';
import { ruleOf } from './links.ts';

type LeftOutRead<T> =
  | { ok: true; data: T; leftOut: string[] }
  /** `unsafeOnly`: every fault was a rule's, but the entry cannot stand without what breaks them. */
  | { ok: false; issues: z.core.$ZodIssue[]; unsafeOnly: boolean };

type Path = readonly PropertyKey[];
type Container = Record<PropertyKey, unknown>;

/** Stands in for a list item until the lists are filtered: indexes must not shift while issues are applied. */
const GONE = Symbol('left out');

function containerAt(value: unknown, path: Path): Container | null {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Container)[segment];
  }
  return current !== null && typeof current === 'object' ? (current as Container) : null;
}

function withoutGone(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== GONE).map(withoutGone);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutGone(item)]));
}

/** Takes out what one refused value sits in; says what went. */
function leaveOut(value: unknown, path: Path, fallbacks: Record<string, unknown>): string {
  const item = path.findLastIndex((segment) => typeof segment === 'number');
  if (item >= 0) {
    const list = containerAt(value, path.slice(0, item));
    if (list) list[path[item]!] = GONE;
    return path.slice(0, item + 1).join('.');
  }
  const parent = containerAt(value, path.slice(0, -1));
  const key = path.at(-1);
  if (parent && key !== undefined) {
    const fallback = path.length === 1 ? fallbacks[String(key)] : undefined;
    if (fallback === undefined) delete parent[key];
    else parent[key] = fallback;
  }
  return path.join('.');
}

/**
 * Parses `raw` with `schema`; when every issue is a link or picture rule's, parses it again without
 * the parts that break them (top-level fields named in `fallbacks` get that value instead). Not ok
 * when another fault is there, or when the entry cannot stand without what was taken out.
 */
export function parseLeavingOut<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  fallbacks: Record<string, unknown> = {},
): LeftOutRead<z.infer<S>> {
  const first = schema.safeParse(raw);
  if (first.success) return { ok: true, data: first.data, leftOut: [] };
  const { issues } = first.error;
  if (!issues.every((issue) => ruleOf(issue) !== null)) return { ok: false, issues, unsafeOnly: false };
  const copy = structuredClone(raw);
  const leftOut = [...new Set(issues.map((issue) => `${leaveOut(copy, issue.path, fallbacks)}: ${issue.message}`))];
  const second = schema.safeParse(withoutGone(copy));
  return second.success ? { ok: true, data: second.data, leftOut } : { ok: false, issues, unsafeOnly: true };
}
