// One run on the page: while it goes, its counts so far (fetched every second, not announced: the
// announcement comes once, when it ends); once it has ended, its report.
import type { ImportStrings } from '#lib/admin/import-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { LOCALE_TAGS } from '#lib/i18n/locales.ts';
import { COUNT_KEYS, type ImportCounts, type ImportDetail } from '#lib/import/run-summary.ts';
import { ImportReport } from './ImportReport.tsx';

interface Props {
  run: ImportDetail;
  formatDate: (iso: string) => string;
  strings: ImportStrings;
  locale: 'de' | 'en';
}

/** The id the recent imports' links jump to. */
export const RUN_ANCHOR = 'import-run';

export function RunView({ run, formatDate, strings, locale }: Props) {
  const title = fill(strings['import.report.title'], { file: run.fileName });
  return (
    <section id={RUN_ANCHOR} className="import-run" aria-labelledby={`${RUN_ANCHOR}-title`}>
      <h2 id={`${RUN_ANCHOR}-title`}>{title}</h2>
      {run.status === 'running' ? (
        <>
          <p className="import-running">{strings['import.progress.running']}</p>
          <CountList counts={run.counts} strings={strings} locale={locale} />
        </>
      ) : (
        <ImportReport run={run} formatDate={formatDate} strings={strings} locale={locale} />
      )}
    </section>
  );
}

function CountList({ counts, strings, locale }: { counts: ImportCounts; strings: ImportStrings; locale: 'de' | 'en' }) {
  const number = new Intl.NumberFormat(LOCALE_TAGS[locale]);
  return (
    <dl className="import-counts">
      {COUNT_KEYS.map((key) => (
        <div key={key}>
          <dt>{strings[`import.count.${key}`]}</dt>
          <dd>{number.format(counts[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
