// Which entries the workspace edits as a tree instead of the generic schema form, and the field of
// their config each tree owns (the rest, such as the footer's social links, stays in the form).
import type { AdminLocale } from '#lib/admin/messages.ts';

export interface TreeEditorProps {
  /** The owned field's value as the draft holds it. */
  value: unknown;
  onChange(next: unknown[]): void;
  locale: AdminLocale;
  /** The form's issues by dotted path ('entries.0.children.1.titles'). */
  issues: Readonly<Record<string, string>>;
}
