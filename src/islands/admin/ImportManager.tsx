// The Import page (admins only): a catalogue file uploaded with its byte progress, the run followed
// until it ends, its report, and the last imports. Only the finished run is announced (a polite
// status region that is in the page from the start); failures go to the alert region.
import { useMemo } from 'react';
import type { ImportStrings } from '#lib/admin/import-messages.ts';
import type { ImportDetail, ImportSummary } from '#lib/import/run-summary.ts';
import { ImportList } from './import/ImportList.tsx';
import { RunView } from './import/RunView.tsx';
import { UploadForm } from './import/UploadForm.tsx';
import { useImportRun } from './import/useImportRun.ts';
import { Feedback } from './team/Feedback.tsx';
import { useDateTime } from './team/useDateTime.ts';

export interface ImportManagerProps {
  /** The last imports, newest first. */
  imports: ImportSummary[];
  /** The run the page opened on (?id=), if any. */
  current: ImportDetail | null;
  strings: ImportStrings;
  locale: 'de' | 'en';
}

/** The list with the page's run in it as it is now: in its place, or first when it is new. */
function withRun(rows: ImportSummary[], run: ImportDetail | null): ImportSummary[] {
  if (!run) return rows;
  const { report: _report, ...summary } = run;
  return rows.some((r) => r.id === run.id) ? rows.map((r) => (r.id === run.id ? summary : r)) : [summary, ...rows];
}

export function ImportManager({ imports, current, strings, locale }: ImportManagerProps) {
  const { run, upload, busy, start, announcement, notice } = useImportRun(current, strings, locale);
  const formatDate = useDateTime(locale);
  const rows = useMemo(() => withRun(imports, run), [imports, run]);
  return (
    <div className="team-island import-page">
      <UploadForm
        busy={busy}
        upload={upload}
        onStart={(file, options) => void start(file, options)}
        strings={strings}
        locale={locale}
      />
      <Feedback notice={notice} />
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {run && <RunView run={run} formatDate={formatDate} strings={strings} locale={locale} />}
      <ImportList rows={rows} formatDate={formatDate} strings={strings} locale={locale} />
    </div>
  );
}
