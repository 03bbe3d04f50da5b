// The last imports, newest first (the page renders them on the server; the run started here joins
// them and changes its status as it goes): when, which file, who, how it went, and its report.
import type { ImportStrings } from '#lib/admin/import-messages.ts';
import { actorLabel } from '#lib/admin/actor-label.ts';
import { importPagePath } from '#lib/import/client.ts';
import { fill } from '#lib/i18n/format.ts';
import type { ImportSummary } from '#lib/import/run-summary.ts';
import { RUN_ANCHOR } from './RunView.tsx';
import { summarySentence } from './words.ts';

interface Props {
  rows: ImportSummary[];
  formatDate: (iso: string) => string;
  strings: ImportStrings;
  locale: 'de' | 'en';
}

export function ImportList({ rows, formatDate, strings, locale }: Props) {
  const column = (key: 'started' | 'file' | 'who' | 'status' | 'counts' | 'report') =>
    strings[`import.recent.column.${key}`];
  return (
    <section className="import-recent" aria-labelledby="import-recent-title">
      <h2 id="import-recent-title">{strings['import.recent.title']}</h2>
      {rows.length === 0 ? (
        <p className="team-empty">{strings['import.recent.empty']}</p>
      ) : (
        <div className="team-table-wrap" role="region" aria-label={strings['import.recent.tableLabel']} tabIndex={0}>
          <table className="team-table import-recent-table">
            <thead>
              <tr>
                <th scope="col">{column('started')}</th>
                <th scope="col">{column('file')}</th>
                <th scope="col">{column('who')}</th>
                <th scope="col">{column('status')}</th>
                <th scope="col">{column('counts')}</th>
                <th scope="col">{column('report')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const at = formatDate(row.startedAt);
                const modes = [row.check && strings['import.mode.check'], row.strict && strings['import.mode.strict']];
                return (
                  <tr key={row.id}>
                    <td className="import-when">
                      <time dateTime={row.startedAt}>{at}</time>
                    </td>
                    <th scope="row" className="import-file">
                      {row.fileName}
                      {modes.filter(Boolean).map((mode) => (
                        <span key={mode as string} className="import-mode">
                          {mode}
                        </span>
                      ))}
                    </th>
                    <td className="import-file">{actorLabel(row.actor, strings)}</td>
                    <td>{strings[`import.status.${row.status}`]}</td>
                    <td>{row.status === 'running' ? '' : summarySentence(row.counts, strings, locale)}</td>
                    <td>
                      <a
                        href={`${importPagePath(row.id)}#${RUN_ANCHOR}`}
                        aria-label={fill(strings['import.recent.openLabel'], { file: row.fileName, at })}
                      >
                        {strings['import.recent.open']}
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
