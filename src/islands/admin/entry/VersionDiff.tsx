// What changed from an older version to the live one, in words: per language, each change named by
// the labels the form shows (field › list entry › field), the old value beside the new one. Removed
// and old values are <del>, added and new ones <ins>, so the difference is not told by colour alone.
// HTML shows as the shop shows it: the server sanitized it on save and again on the way out.
import type { Descriptor } from '#lib/admin/form-model.ts';
import {
  byLanguage,
  changedWords,
  entryChanges,
  type Change,
  type Run,
  type Shown,
  type Snapshot,
  type Step,
} from '#lib/admin/entry-changes.ts';
import { fieldLabel, formStrings, optionLabel, type AdminLocale } from '#lib/admin/messages.ts';
import type { ChangeStrings } from '#lib/admin/change-messages.ts';
import { fillTemplate } from '#lib/admin/form-model.ts';
import { isLocale } from '#lib/i18n/locales.ts';
import { fill } from '#lib/i18n/format.ts';

interface Props {
  from: Snapshot | null;
  to: Snapshot | null;
  /** The entry's language row ('' for every language's). */
  entryLocale: string;
  descriptor: Descriptor;
  /** The label of the HTML field, as the form has it. */
  htmlLabel: string;
  locale: AdminLocale;
  strings: ChangeStrings;
  /** Said when the versions are the same. */
  none: string;
  version: number;
}

export function VersionDiff({
  from,
  to,
  entryLocale,
  descriptor,
  htmlLabel,
  locale,
  strings: c,
  none,
  version,
}: Props) {
  const groups = byLanguage(entryChanges(descriptor, from, to, entryLocale));
  if (groups.length === 0) return <p>{none}</p>;
  const form = formStrings(locale);
  const language = (code: string) => optionLabel(locale, 'locale', code);
  const step = (s: Step) =>
    'field' in s
      ? fieldLabel(locale, s.field)
      : 'key' in s
        ? isLocale(s.key)
          ? language(s.key)
          : s.key
        : s.locale
          ? language(s.locale)
          : s.item || fillTemplate(form.itemRef, { position: s.position });
  const value = (v: Shown) =>
    v.kind === 'none'
      ? c['changes.empty']
      : v.kind === 'flag'
        ? form[v.on ? 'yes' : 'no']
        : v.kind === 'option'
          ? optionLabel(locale, v.field, v.value)
          : v.text;
  /** Two texts with the words that differ marked; any other pair of values as they are. */
  const sides = (before: Shown, after: Shown) => {
    if (before.kind !== 'text' || after.kind !== 'text') return [value(before), value(after)];
    const runs = changedWords(before.text, after.text);
    const show = (list: Run[]) => list.map((r, i) => (r.changed ? <mark key={i}>{r.text}</mark> : r.text));
    return [show(runs.before), show(runs.after)];
  };
  const where = (change: Change) =>
    change.kind === 'html' ? htmlLabel : change.where.map(step).join(' › ') || form.value;

  const body = (change: Change) => {
    switch (change.kind) {
      case 'changed':
      case 'html': {
        const [before, after] =
          change.kind === 'html' ? [change.before ?? '', change.after ?? ''] : sides(change.before, change.after);
        // HTML as markup (sanitized by the server), every other value as text.
        const shown = (Tag: 'del' | 'ins', value: typeof before) =>
          typeof value === 'string' && change.kind === 'html' ? (
            <Tag className="admin-change-html" dangerouslySetInnerHTML={{ __html: value }} />
          ) : (
            <Tag>{value}</Tag>
          );
        return (
          <div className="admin-change-sides">
            <div>
              <span className="admin-muted">{c['changes.before']}</span>
              {shown('del', before)}
            </div>
            <div>
              <span className="admin-muted">{c['changes.after']}</span>
              {shown('ins', after)}
            </div>
          </div>
        );
      }
      case 'added':
        return (
          <ins>
            {c['changes.added']}: {change.title || form.item}
          </ins>
        );
      case 'removed':
        return (
          <del>
            {c['changes.removed']}: {change.title || form.item}
          </del>
        );
      case 'moved':
        return (
          <span>
            {change.title || form.item}: {fill(c['changes.moved'], { from: change.from, to: change.to })}
          </span>
        );
    }
  };

  return (
    <div className="admin-changes" role="group" aria-label={fill(c['changes.label'], { from: version })}>
      {groups.map((group) => (
        <section key={group.locale ?? ''}>
          <h3>{group.locale ? language(group.locale) : c['changes.everyLanguage']}</h3>
          <ul>
            {group.changes.map((change, i) => (
              <li key={i} className="admin-change">
                <strong className="admin-change-where">{where(change)}</strong>
                {body(change)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
