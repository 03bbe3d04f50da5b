// What changed between two versions of an entry, field by field, as an editor would say it: a field
// whose value changed (old and new), list entries added, removed or moved (named by their titles, not
// by their positions), the HTML before and after, and the language each change belongs to. Pure: it
// walks the form's descriptor of the entry's schema (form-model.ts), so the workspace labels each step
// with the label the form shows for it.
import { diffWords } from 'diff';
import { isLocale, LOCALES, type Locale } from '../i18n/locales.ts';
import { itemSummary, resolveDescriptor, type Descriptor } from './form-model.ts';

/** One step from the entry to the change: a field (by its key), a list entry, or a key of a mapping. */
export type Step =
  | { field: string }
  /** A list entry: its title (empty when it has no text) and 1-based position; a language row names its language. */
  | { item: string; position: number; locale?: Locale }
  | { key: string };

/** A value as the workspace shows it: text, an option of a choice (labelled by its field), on/off, or nothing. */
export type Shown =
  | { kind: 'text'; text: string }
  | { kind: 'option'; field: string; value: string }
  | { kind: 'flag'; on: boolean }
  | { kind: 'none' };

interface Base {
  where: Step[];
  /** The language the change shows in; null for a change every language shows. */
  locale: Locale | null;
}

export type Change =
  | (Base & { kind: 'changed'; before: Shown; after: Shown })
  | (Base & { kind: 'added' | 'removed'; title: string })
  | (Base & { kind: 'moved'; title: string; from: number; to: number })
  | (Base & { kind: 'html'; before: string | null; after: string | null });

export interface Snapshot {
  config: unknown;
  content: string | null;
}

type Context = Base & { field: string };

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function shown(d: Descriptor, value: unknown, field: string): Shown {
  if (value === undefined || value === null || value === '') return { kind: 'none' };
  if (typeof value === 'boolean') return { kind: 'flag', on: value };
  if (resolveDescriptor(d).kind === 'enum' && typeof value === 'string') return { kind: 'option', field, value };
  return { kind: 'text', text: typeof value === 'object' ? JSON.stringify(value) : String(value) };
}

/** The language a list entry is a row of (`{ locale: 'en', title: … }`), if it is one. */
const rowLocale = (value: unknown): Locale | null => {
  const locale = record(value).locale;
  return typeof locale === 'string' && isLocale(locale) ? locale : null;
};

/** The positions (in `order`) that stay where they are: a longest increasing run; every other one moved. */
function staying(order: readonly number[]): Set<number> {
  const best: number[][] = [];
  for (const [i, value] of order.entries()) {
    let longest: number[] = [];
    for (let j = 0; j < i; j++) if (order[j]! < value && best[j]!.length > longest.length) longest = best[j]!;
    best.push([...longest, i]);
  }
  return new Set(best.reduce<number[]>((a, b) => (b.length >= a.length ? b : a), []));
}

/** The texts a value holds (not its choices, which are codes many entries share). */
function texts(descriptor: Descriptor, value: unknown): string[] {
  const d = resolveDescriptor(descriptor);
  if (typeof value === 'string') return d.kind === 'enum' || value === '' ? [] : [value];
  if (value === null || typeof value !== 'object') return [];
  const child = (key: string) =>
    d.kind === 'array'
      ? d.element
      : d.kind === 'record'
        ? d.value
        : d.kind === 'object'
          ? d.fields.find((f) => f.key === key)?.descriptor
          : undefined;
  return Object.entries(value).flatMap(([key, v]) => texts(child(key) ?? { kind: 'unknown', type: 'unknown' }, v));
}

/**
 * Pairs the entries of two lists: equal ones first, then language rows of one language or entries of
 * one title, then entries that still share a text (a link target, a title in another language), in
 * order, as an entry edited in place. What is left was removed or added.
 */
function pair(element: Descriptor, before: readonly unknown[], after: readonly unknown[]): (number | null)[] {
  const title = (v: unknown) => itemSummary(element, v);
  const paired: (number | null)[] = after.map(() => null);
  const used = new Set<number>();
  const match = (test: (b: unknown, a: unknown) => boolean) => {
    for (const [j, a] of after.entries()) {
      if (paired[j] !== null) continue;
      const i = before.findIndex((b, i) => !used.has(i) && test(b, a));
      if (i >= 0) {
        paired[j] = i;
        used.add(i);
      }
    }
  };
  match(same);
  match((b, a) => (rowLocale(a) !== null ? rowLocale(a) === rowLocale(b) : title(a) !== '' && title(a) === title(b)));
  match((b, a) => {
    const held = new Set(texts(element, b));
    return texts(element, a).some((t) => held.has(t));
  });
  return paired;
}

function listChanges(element: Descriptor, before: readonly unknown[], after: readonly unknown[], at: Context) {
  const out: Change[] = [];
  const title = (v: unknown) => itemSummary(element, v) || (typeof v === 'object' ? '' : String(v));
  const paired = pair(element, before, after);
  const kept = paired.flatMap((i, j) => (i === null ? [] : [{ i, j }]));
  const stay = staying(kept.map((k) => k.i));
  for (const [i, b] of before.entries())
    if (!paired.includes(i))
      out.push({ kind: 'removed', where: at.where, locale: rowLocale(b) ?? at.locale, title: title(b) });
  for (const [n, { i, j }] of kept.entries()) {
    const a = after[j];
    const locale = rowLocale(a) ?? at.locale;
    if (!stay.has(n)) out.push({ kind: 'moved', where: at.where, locale, title: title(a), from: i + 1, to: j + 1 });
    const step: Step = {
      item: title(a) || title(before[i]),
      position: j + 1,
      ...(rowLocale(a) ? { locale: rowLocale(a)! } : {}),
    };
    out.push(...walk(element, before[i], a, { ...at, where: [...at.where, step], locale }));
  }
  for (const [j, a] of after.entries())
    if (paired[j] === null)
      out.push({ kind: 'added', where: at.where, locale: rowLocale(a) ?? at.locale, title: title(a) });
  return out;
}

function walk(descriptor: Descriptor, before: unknown, after: unknown, at: Context): Change[] {
  if (same(before, after)) return [];
  const d = resolveDescriptor(descriptor);
  if (d.kind === 'array' && (Array.isArray(before) || Array.isArray(after)))
    return listChanges(d.element, Array.isArray(before) ? before : [], Array.isArray(after) ? after : [], at);
  if (d.kind === 'object' || d.kind === 'record') {
    const b = record(before);
    const a = record(after);
    const known = d.kind === 'object' ? d.fields.map((f) => f.key) : [];
    const keys = [...new Set([...known, ...Object.keys(b), ...Object.keys(a)])];
    return keys.flatMap((key) => {
      const child =
        d.kind === 'record'
          ? d.value
          : (d.fields.find((f) => f.key === key)?.descriptor ?? { kind: 'unknown' as const, type: 'unknown' });
      const step: Step = d.kind === 'record' ? { key } : { field: key };
      const locale = d.kind === 'record' && isLocale(key) ? key : at.locale;
      const field = d.kind === 'record' ? at.field : key;
      return walk(child, b[key], a[key], { where: [...at.where, step], locale, field });
    });
  }
  return [
    {
      kind: 'changed',
      where: at.where,
      locale: at.locale,
      before: shown(d, before, at.field),
      after: shown(d, after, at.field),
    },
  ];
}

/**
 * The changes from `before` to `after` (either may be missing: a new or deleted version), the config
 * walked along `descriptor`; `rowLocale` is the entry's language row ('' for the one of every language).
 */
export function entryChanges(
  descriptor: Descriptor,
  before: Snapshot | null,
  after: Snapshot | null,
  entryLocale: string,
): Change[] {
  const locale = isLocale(entryLocale) ? entryLocale : null;
  const changes = walk(descriptor, before?.config, after?.config, { where: [], locale, field: '' });
  const [from, to] = [before?.content ?? null, after?.content ?? null];
  if ((from ?? '') !== (to ?? '')) changes.push({ kind: 'html', where: [], locale, before: from, after: to });
  return changes;
}

/** The changes by language: those every language shows first, then the shop's languages in order. */
export function byLanguage(changes: readonly Change[]): { locale: Locale | null; changes: Change[] }[] {
  return [null, ...LOCALES]
    .map((locale) => ({ locale, changes: changes.filter((c) => c.locale === locale) }))
    .filter((group) => group.changes.length > 0);
}

/** A run of a text, marked when it is what changed. */
export interface Run {
  text: string;
  changed: boolean;
}

/**
 * The old and new text of a changed value as runs of words, the ones that differ marked: in a long
 * text the editor sees which words changed, not only that something did. A text replaced as a whole
 * is one unmarked run.
 */
export function changedWords(before: string, after: string): { before: Run[]; after: Run[] } {
  const parts = diffWords(before, after);
  // A text replaced as a whole has nothing to tell apart: marking all of it would only be noise.
  if (!parts.some((p) => !p.added && !p.removed && p.value.trim() !== ''))
    return { before: [{ text: before, changed: false }], after: [{ text: after, changed: false }] };
  return {
    before: parts.filter((p) => !p.added).map((p) => ({ text: p.value, changed: p.removed })),
    after: parts.filter((p) => !p.removed).map((p) => ({ text: p.value, changed: p.added })),
  };
}
