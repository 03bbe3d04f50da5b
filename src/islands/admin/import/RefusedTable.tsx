// The refused records of a run, where they are in the file and why. A run may refuse thousands: the
// page shows the first SHOWN lines and says so; the CSV report has every one.
import type { ImportStrings } from '#lib/admin/import-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { LOCALE_TAGS } from '#lib/i18n/locales.ts';
import type { ReportLine } from '#lib/import/run-summary.ts';

const SHOWN = 100;

interface Props {
  lines: ReportLine[];
  strings: ImportStrings;
  locale: 'de' | 'en';
}

export function RefusedTable({ lines, strings, locale }: Props) {
  if (lines.length === 0) return <p className="team-empty">{strings['import.report.none']}</p>;
  const number = new Intl.NumberFormat(LOCALE_TAGS[locale]);
  const column = (key: 'file' | 'line' | 'id' | 'field' | 'reason') => strings[`import.report.column.${key}`];
  return (
    <>
      {lines.length > SHOWN && (
        <p className="import-shown">
          {fill(strings['import.report.shown'], { shown: number.format(SHOWN), total: number.format(lines.length) })}
        </p>
      )}
      <div className="team-table-wrap" role="region" aria-label={strings['import.report.tableLabel']} tabIndex={0}>
        <table className="team-table import-refused">
          <thead>
            <tr>
              <th scope="col">{column('file')}</th>
              <th scope="col">{column('line')}</th>
              <th scope="col">{column('id')}</th>
              <th scope="col">{column('field')}</th>
              <th scope="col">{column('reason')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.slice(0, SHOWN).map((line, i) => (
              <tr key={i}>
                <td className="import-file">{line.file}</td>
                <th scope="row">{line.line}</th>
                <td>{line.id && <code>{line.id}</code>}</td>
                <td>{line.field && <code>{line.field}</code>}</td>
                <td>{line.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
