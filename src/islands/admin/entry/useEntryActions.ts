// The entry editor's calls: save the draft, publish it, discard it, roll back to a version. Each keeps
// what the editor typed when it fails (a conflict loses nothing: the form still holds the edit), and
// says in one status line what happened.
import { useState } from 'react';
import { ApiClientError, adminClient, call } from '#lib/admin/client.ts';
import type { EntryDetail, EntryKey } from '#lib/admin/contract.ts';
import { fill } from '#lib/i18n/format.ts';
import type { WorkspaceStrings } from '#lib/admin/workspace-messages.ts';

export interface Status {
  tone: 'ok' | 'error' | 'conflict';
  text: string;
}

/** Server field issues name the config's paths as 'config.entries.0.url'; the form's are relative to the config. */
function formIssues(error: ApiClientError): Record<string, string> {
  const details = Array.isArray(error.details) ? (error.details as { path?: unknown; message?: unknown }[]) : [];
  return Object.fromEntries(
    details
      .filter((d) => typeof d.path === 'string' && typeof d.message === 'string')
      .map((d) => [(d.path as string).replace(/^config\.?/, ''), d.message as string]),
  );
}

export function useEntryActions(
  key: EntryKey,
  strings: WorkspaceStrings,
  initial: EntryDetail,
  dateTime: (iso: string) => string,
  /** The editor's own words for codes that need no server message (a picture the library refuses to lend). */
  known: Partial<Record<string, string>> = {},
) {
  const [detail, setDetail] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});

  const refresh = async () => setDetail(await call(adminClient.entry, key));

  /** Runs a call with the busy flag and turns its failure into the status line. */
  const run = async (action: () => Promise<string>): Promise<boolean> => {
    setBusy(true);
    setServerIssues({});
    try {
      setStatus({ tone: 'ok', text: await action() });
      return true;
    } catch (error) {
      if (!(error instanceof ApiClientError)) throw error;
      if (error.code === 'VERSION_CONFLICT')
        setStatus({ tone: 'conflict', text: fill(strings['editor.conflict'], { message: error.message }) });
      else {
        setServerIssues(formIssues(error));
        setStatus({
          tone: 'error',
          text: known[error.code] ?? fill(strings['editor.failed'], { message: error.message }),
        });
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    detail,
    busy,
    status,
    serverIssues,
    refresh,
    setStatus,
    save: (config: unknown, content: string | null) =>
      run(async () => {
        // The live version on screen is the one this edit was made against.
        const draft = await call(adminClient.saveDraft, {
          ...key,
          config,
          content,
          revision: detail.draft?.revision ?? 0,
          base: detail.live?.version ?? 0,
        });
        setDetail({ ...detail, draft });
        return fill(strings['editor.saved'], { revision: draft.revision });
      }),
    publish: () =>
      run(async () => {
        const done = await call(adminClient.publish, { ...key, revision: detail.draft!.revision });
        await refresh();
        return fill(strings['editor.published'], { version: done.version, at: dateTime(done.liveAt), ms: done.ms });
      }),
    discard: () =>
      run(async () => {
        await call(adminClient.discardDraft, { ...key, revision: detail.draft!.revision });
        await refresh();
        return strings['editor.discarded'];
      }),
    remove: () =>
      run(async () => {
        const done = await call(adminClient.deleteEntry, { ...key, current: detail.live!.version });
        await refresh();
        return fill(strings['editor.deleted'], { version: done.version });
      }),
    rollback: (version: number) =>
      run(async () => {
        const done = await call(adminClient.rollback, {
          ...key,
          version,
          current: detail.live?.version ?? detail.versions[0]?.version ?? 1,
        });
        await refresh();
        return fill(strings['history.rolledBack'], { version, next: done.version });
      }),
  };
}
