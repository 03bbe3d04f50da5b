// What every part of a generated form needs besides its own slice of the value: the words, the
// labels, the issues of the last check, and ids that are unique per form and stable per path.
import { pathKey, type Descriptor, type FormStrings, type Path } from '#lib/admin/form-model.ts';
import { describedBy } from '#islands/shared/TextField.tsx';
import type { PickerStrings } from '#lib/media/messages.ts';

export interface FormContext {
  idPrefix: string;
  issues: Readonly<Record<string, string>>;
  hints: Readonly<Record<string, string>>;
  labels: (key: string, path: string) => string;
  optionLabels: (key: string, value: string) => string;
  strings: FormStrings;
  /** The media library's picker, offered beside picture fields (the workspace's entry form has it). */
  mediaPicker?: PickerStrings | undefined;
  /** Moves focus to the element with this id once the change has rendered (list moves and removals). */
  focusLater: (id: string) => void;
}

/**
 * How a key may be absent: 'required' keys are always written; an emptied 'optional' key is removed;
 * 'siteDefault' keys belong to a set of overrides, where absent means "the site's setting applies".
 */
export type Absence = 'required' | 'optional' | 'siteDefault';

export interface FieldProps<D extends Descriptor = Descriptor> {
  ctx: FormContext;
  descriptor: D;
  path: Path;
  value: unknown;
  onChange: (next: unknown) => void;
  /** The nearest object key above the value: it picks labels, option labels and long-text controls. */
  fieldKey: string;
  label: string;
  absence: Absence;
  /** The item's <summary> already names it: the fieldset keeps its legend for screen readers only. */
  hideLegend?: boolean;
}

/** Ids may not contain spaces, and record keys may: each segment is percent-encoded with '_' for '%'. */
export const domId = (ctx: FormContext, path: Path, suffix = ''): string =>
  `${ctx.idPrefix}-${path.map((s) => encodeURIComponent(String(s)).replace(/%/g, '_')).join('.')}${suffix}`;

export interface Notes {
  id: string;
  hint: string | undefined;
  error: string | undefined;
  /** Spread onto the control: ties the hint and the error to it. */
  aria: { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
}

/**
 * The id, hint and error of the control at `path`. A hint is looked up by path, then by field key for
 * the field itself only, so a list's hint is not repeated on each of its items.
 */
export function notesFor(ctx: FormContext, path: Path, fieldKey: string): Notes {
  const key = pathKey(path);
  const id = domId(ctx, path);
  const hint = ctx.hints[key] ?? (path.at(-1) === fieldKey ? ctx.hints[fieldKey] : undefined);
  const error = ctx.issues[key];
  return {
    id,
    hint,
    error,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
    },
  };
}

/** Whether an issue lies at or below `path`: a collapsed item holding one opens. */
export function hasIssueWithin(ctx: FormContext, path: Path): boolean {
  const key = pathKey(path);
  return Object.keys(ctx.issues).some((k) => k === key || k.startsWith(`${key}.`));
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
