// An entry's published versions, newest first: each can be compared with the live one and published
// again (a rollback is a publish of its own, so it is in the history and the audit trail too).
import { useState } from 'react';
import { adminClient, call } from '#lib/admin/client.ts';
import type { EntryDetail } from '#lib/admin/contract.ts';
import { fill } from '#lib/i18n/format.ts';
import type { WorkspaceStrings } from '#lib/admin/workspace-messages.ts';
import { VersionDiff } from './VersionDiff.tsx';
import { actorLabel } from '#lib/admin/actor-label.ts';
import type { Descriptor } from '#lib/admin/form-model.ts';
import type { AdminLocale } from '#lib/admin/messages.ts';
import type { ChangeStrings } from '#lib/admin/change-messages.ts';
import type { Snapshot } from '#lib/admin/entry-changes.ts';

interface Props {
  detail: EntryDetail;
  /** The form's descriptor of the entry's config, whose labels name the changes. */
  descriptor: Descriptor;
  locale: AdminLocale;
  strings: WorkspaceStrings;
  changeStrings: ChangeStrings;
  busy: boolean;
  dateTime: (iso: string) => string;
  onRollback: (version: number) => Promise<boolean>;
}

export function EntryHistory({
  detail,
  descriptor,
  locale,
  strings: t,
  changeStrings,
  busy,
  dateTime,
  onRollback,
}: Props) {
  const [open, setOpen] = useState<{ version: number; snapshot: Snapshot | null } | null>(null);
  const current = detail.live?.version ?? null;
  const key = { type: detail.type, identifier: detail.identifier, locale: detail.locale };

  const compare = async (version: number) => {
    const found = await call(adminClient.version, { ...key, version });
    setOpen({ version, snapshot: found.deleted ? null : { config: found.config, content: found.content } });
  };
  const restore = async (version: number) => {
    if (!confirm(fill(t['history.confirm'], { version }))) return;
    if (await onRollback(version)) setOpen(null);
  };

  return (
    <section className="admin-card" aria-labelledby="history-title">
      <h2 id="history-title">{t['history.title']}</h2>
      {detail.versions.length === 0 ? (
        <p>{t['history.empty']}</p>
      ) : (
        <ol className="admin-history" reversed>
          {detail.versions.map((v) => (
            <li key={v.version}>
              <strong>{fill(t['history.version'], { version: v.version })}</strong>{' '}
              {v.version === current && <span className="admin-badge">{t['history.current']}</span>}
              {v.deleted && <span className="admin-badge">{t['history.deleted']}</span>}
              <span className="admin-muted">
                {' '}
                {fill(t['history.by'], { by: actorLabel(v.by, t), at: dateTime(v.at) })}
              </span>
              {v.version !== current && (
                <span className="admin-history-actions">
                  <button
                    type="button"
                    className="button"
                    aria-expanded={open?.version === v.version}
                    onClick={() => void compare(v.version)}
                  >
                    {t['history.diff']} ({v.version})
                  </button>
                  <button type="button" className="button" disabled={busy} onClick={() => void restore(v.version)}>
                    {fill(t['history.rollback'], { version: v.version })}
                  </button>
                </span>
              )}
              {open?.version === v.version && (
                <VersionDiff
                  from={open.snapshot}
                  to={detail.live ? { config: detail.live.config, content: detail.live.content } : null}
                  entryLocale={detail.locale}
                  descriptor={descriptor}
                  htmlLabel={t['editor.html']}
                  locale={locale}
                  strings={changeStrings}
                  none={t['history.noDiff']}
                  version={v.version}
                />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
