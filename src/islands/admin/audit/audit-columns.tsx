// The audit table's columns: when, who (in words), the action, the target (a link when it is a content
// entry or a review) and the details (versions, and the recorded details as JSON, shown as they are).
import { createColumnHelper, tableFeatures } from '@tanstack/react-table';
import type { AuditEntryRow } from '#lib/admin/moderation-contract.ts';
import type { AuditStrings } from '#lib/admin/moderation-messages.ts';
import { auditTargetPath } from '#lib/admin/moderation-rules.ts';
import { actorLabel, type ActorWords } from '#lib/admin/actor-label.ts';
import { fill } from '#lib/i18n/format.ts';

// The server pages, filters and searches: the table only lays the page's rows out.
export const auditFeatures = tableFeatures({});

const helper = createColumnHelper<typeof auditFeatures, AuditEntryRow>();

function Details({ row, strings }: { row: AuditEntryRow; strings: AuditStrings }) {
  const versions =
    row.fromVersion !== null || row.toVersion !== null
      ? fill(strings['audit.versions'], { from: row.fromVersion ?? '–', to: row.toVersion ?? '–' })
      : null;
  const details =
    row.details === null || row.details === undefined ? null : JSON.stringify(row.details, null, 1).slice(0, 2000);
  return (
    <>
      {versions && <p className="audit-details">{versions}</p>}
      {details && <pre className="audit-details">{details}</pre>}
      {!versions && !details && '–'}
    </>
  );
}

export function auditColumns(strings: AuditStrings, words: ActorWords, formatDate: (iso: string) => string) {
  return helper.columns([
    helper.accessor('at', {
      header: strings['audit.column.at'],
      cell: ({ getValue }) => <time dateTime={getValue()}>{formatDate(getValue())}</time>,
    }),
    helper.accessor('actor', {
      header: strings['audit.column.actor'],
      cell: ({ getValue }) => actorLabel(getValue(), words),
    }),
    helper.accessor('action', {
      header: strings['audit.column.action'],
      cell: ({ getValue }) => <code>{getValue()}</code>,
    }),
    helper.accessor('target', {
      header: strings['audit.column.target'],
      cell: ({ getValue }) => {
        const href = auditTargetPath(getValue());
        return href ? <a href={href}>{getValue()}</a> : <code>{getValue()}</code>;
      },
    }),
    helper.display({
      id: 'details',
      header: strings['audit.column.details'],
      cell: ({ row }) => <Details row={row.original} strings={strings} />,
    }),
  ]);
}
