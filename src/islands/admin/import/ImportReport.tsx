// A finished run: its counts in a sentence, what it did not change (a check, an all-or-nothing run
// that refused something) or that it stopped, the refused records, and the whole report as CSV.
import type { ImportStrings } from '#lib/admin/import-messages.ts';
import { actorLabel } from '#lib/admin/actor-label.ts';
import { importReportCsvPath } from '#lib/import/client.ts';
import { fill } from '#lib/i18n/format.ts';
import type { ImportDetail } from '#lib/import/run-summary.ts';
import { RefusedTable } from './RefusedTable.tsx';
import { outcomeNotes, summarySentence } from './words.ts';

interface Props {
  run: ImportDetail;
  formatDate: (iso: string) => string;
  strings: ImportStrings;
  locale: 'de' | 'en';
}

export function ImportReport({ run, formatDate, strings, locale }: Props) {
  const modes = [run.check && strings['import.mode.check'], run.strict && strings['import.mode.strict']];
  return (
    <>
      <p className="import-meta">
        {fill(strings['import.report.started'], { at: formatDate(run.startedAt), who: actorLabel(run.actor, strings) })}
        {modes.filter(Boolean).map((mode) => ` · ${mode as string}`)}
      </p>
      <p className="import-summary">{summarySentence(run.counts, strings, locale)}</p>
      {outcomeNotes(run, strings).map((note) => (
        <p key={note} className="import-note">
          {note}
        </p>
      ))}
      {run.error && (
        <details className="import-error">
          <summary>{strings['import.report.errorDetails']}</summary>
          <p>{run.error}</p>
        </details>
      )}
      <h3>{strings['import.report.refusedTitle']}</h3>
      <RefusedTable lines={run.report} strings={strings} locale={locale} />
      <p>
        <a className="button secondary" href={importReportCsvPath(run.id)} download>
          {strings['import.report.download']}
        </a>
      </p>
    </>
  );
}
