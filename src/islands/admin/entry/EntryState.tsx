// Where an entry stands, above its form: new, draft, published or changed since version N, and who
// saved the draft when.
import type { EntryDetail } from '#lib/admin/contract.ts';
import type { WorkspaceStrings } from '#lib/admin/workspace-messages.ts';
import { actorLabel } from '#lib/admin/actor-label.ts';
import { fill } from '#lib/i18n/format.ts';

export function EntryState({
  detail,
  strings: t,
  dateTime,
}: {
  detail: EntryDetail;
  strings: WorkspaceStrings;
  dateTime: (at: string) => string;
}) {
  const state = detail.draft ? (detail.live ? 'changed' : 'draft') : detail.live ? 'published' : 'new';
  return (
    <p className="admin-entry-state">
      {fill(t[`editor.status.${state}`], { version: detail.live?.version ?? 0 })}
      {detail.draft && (
        <span className="admin-muted">
          {' '}
          · {fill(t['editor.draftBy'], { by: actorLabel(detail.draft.by, t), at: dateTime(detail.draft.at) })}
        </span>
      )}
    </p>
  );
}
