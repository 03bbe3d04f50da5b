// The audit log (TanStack Table): the trail newest first, a page at a time, filtered by actor and
// action and searched by any text, all on the server (the log can hold millions of rows). The page
// renders the first answer into the island's HTML, so filters (a GET form) and paging (links) work
// without JavaScript; once hydrated the island loads each page itself and keeps the address in step.
import { useMemo, useState } from 'react';
import { useTable } from '@tanstack/react-table';
import { call, moderationClient } from '#lib/admin/client.ts';
import type { AuditEntryRow } from '#lib/admin/moderation-contract.ts';
import type { AuditStrings } from '#lib/admin/moderation-messages.ts';
import { auditHref, type AuditFilters } from '#lib/admin/moderation-rules.ts';
import type { ActorWords } from '#lib/admin/actor-label.ts';
import { fill } from '#lib/i18n/format.ts';
import { auditColumns, auditFeatures } from './audit/audit-columns.tsx';
import { AuditFilterForm, type FilterValues } from './audit/AuditFilterForm.tsx';
import { TableRows } from './team/TableRows.tsx';
import { useDateTime } from './team/useDateTime.ts';

interface AuditPage {
  entries: AuditEntryRow[];
  older: number | null;
  newer: number | null;
}

export interface AuditLogProps {
  initial: AuditPage;
  filters: FilterValues;
  choices: { actors: string[]; actions: string[] };
  strings: AuditStrings;
  actorWords: ActorWords;
  locale: 'de' | 'en';
}

export function AuditLog({ initial, filters: initialFilters, choices, strings, actorWords, locale }: AuditLogProps) {
  const formatDate = useDateTime(locale);
  const columns = useMemo(() => auditColumns(strings, actorWords, formatDate), [strings, actorWords, formatDate]);
  const [form, setForm] = useState(initialFilters);
  const [shown, setShown] = useState({ page: initial, filters: initialFilters });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function load(filters: FilterValues, cursor: Pick<AuditFilters, 'before' | 'after'> = {}) {
    const query: AuditFilters = { ...filters, ...cursor };
    setBusy(true);
    try {
      const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined));
      const page = await call(moderationClient.auditLog, clean);
      setShown({ page, filters });
      setForm(filters);
      setError(null);
      window.history.replaceState(null, '', auditHref(query));
    } catch (failure) {
      setError(fill(strings['audit.failed'], { message: (failure as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  const table = useTable({
    features: auditFeatures,
    columns,
    data: shown.page.entries,
    getRowId: (row) => String(row.id),
  });
  const { older, newer } = shown.page;
  const pageLink = (cursor: Pick<AuditFilters, 'before' | 'after'>, label: string) => (
    <a
      href={auditHref({ ...shown.filters, ...cursor })}
      className="button secondary"
      onClick={(event) => {
        event.preventDefault();
        void load(shown.filters, cursor);
      }}
    >
      {label}
    </a>
  );

  return (
    <div className="team-island audit-log">
      <AuditFilterForm
        values={form}
        choices={choices}
        strings={strings}
        words={actorWords}
        onChange={setForm}
        onSubmit={(values) => void load(values)}
      />
      <div role="status">{busy ? strings['audit.loading'] : ''}</div>
      <div role="alert">{error && <p className="form-error">{error}</p>}</div>
      <div className="team-table-wrap" role="region" aria-label={strings['audit.tableLabel']} tabIndex={0}>
        <table className="team-table audit-table" aria-busy={busy || undefined}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    <table.FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <TableRows table={table} />
        </table>
      </div>
      {shown.page.entries.length === 0 && <p>{strings['audit.empty']}</p>}
      {(older !== null || newer !== null) && (
        <nav className="audit-pager" aria-label={strings['audit.pagerLabel']}>
          {newer !== null && pageLink({ after: newer }, strings['audit.newer'])}
          {older !== null && pageLink({ before: older }, strings['audit.older'])}
        </nav>
      )}
    </div>
  );
}
