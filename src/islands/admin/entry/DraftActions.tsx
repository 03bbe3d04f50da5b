// The entry editor's buttons: save; with a saved draft, preview it on the page that shows it (in the
// language the draft changes: preview-target.ts), publish or discard it; with none, delete the
// published row where that is allowed.
import type { EntryDetail } from '#lib/admin/contract.ts';
import type { ChangeStrings } from '#lib/admin/change-messages.ts';
import { entryChanges } from '#lib/admin/entry-changes.ts';
import type { Descriptor } from '#lib/admin/form-model.ts';
import { optionLabel, type AdminLocale } from '#lib/admin/messages.ts';
import { previewLocale, previewPath } from '#lib/admin/preview-target.ts';
import { mayDelete } from '#lib/admin/rules.ts';
import type { WorkspaceStrings } from '#lib/admin/workspace-messages.ts';
import { fill } from '#lib/i18n/format.ts';

interface Props {
  detail: EntryDetail;
  descriptor: Descriptor;
  /** What a new language row started from, to tell what its draft changes. */
  initial: { config: unknown; content: string | null } | null;
  locale: AdminLocale;
  strings: WorkspaceStrings;
  changeStrings: ChangeStrings;
  busy: boolean;
  dirty: boolean;
  onPublish: () => void;
  onDiscard: () => void;
  onDelete: () => void;
}

export function DraftActions({
  detail,
  descriptor,
  initial,
  locale,
  strings: t,
  changeStrings,
  busy,
  dirty,
  ...on
}: Props) {
  const draft = detail.draft;
  const preview = (): { href: string; text: string } => {
    const changes = entryChanges(descriptor, detail.live ?? initial, draft, detail.locale);
    const shop = previewLocale(detail, changes, locale);
    return {
      href: `/admin/preview?to=${encodeURIComponent(previewPath(detail, draft?.config, shop))}`,
      text: fill(changeStrings['changes.previewIn'], { language: optionLabel(locale, 'locale', shop) }),
    };
  };
  const link = draft && !dirty ? preview() : null;
  return (
    <div className="admin-actions">
      <button type="submit" className="button primary" disabled={busy}>
        {t['editor.save']}
      </button>
      {dirty && <span className="admin-badge">{t['editor.unsaved']}</span>}
      {link && (
        <>
          <a className="button" href={link.href} target="_blank" rel="noopener" title={t['editor.previewHint']}>
            {link.text}
          </a>
          <button type="button" className="button primary" disabled={busy} onClick={on.onPublish}>
            {t['editor.publish']}
          </button>
          <button type="button" className="button" disabled={busy} onClick={on.onDiscard}>
            {t['editor.discard']}
          </button>
        </>
      )}
      {detail.live && !draft && mayDelete(detail) && (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => {
            if (confirm(t['editor.confirmDelete'])) on.onDelete();
          }}
        >
          {t['editor.delete']}
        </button>
      )}
    </div>
  );
}
