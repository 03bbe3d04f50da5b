// The search box and the two filters above the entries table. They filter the rows the page
// already holds (every entry of the shop, a few hundred at most), so there is nothing to submit:
// each change applies at once and the count below announces the result.
import { useId } from 'react';
import type { TeamStrings } from '#lib/admin/team-messages.ts';
import type { StatusFilter, TypeFilter } from './entries-columns.tsx';

export interface EntriesFilterValues {
  query: string;
  type: TypeFilter;
  status: StatusFilter;
}

interface Props {
  values: EntriesFilterValues;
  onChange: (values: EntriesFilterValues) => void;
  strings: TeamStrings;
}

const TYPES = ['all', 'block', 'setting', 'page'] as const satisfies readonly TypeFilter[];
const STATUSES = ['all', 'published', 'draft'] as const satisfies readonly StatusFilter[];

export function EntriesFilters({ values, onChange, strings }: Props) {
  const id = useId();
  return (
    <form
      className="entries-filters"
      role="search"
      aria-label={strings['entries.filters']}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="field entries-search">
        <label htmlFor={`${id}-q`}>{strings['entries.search']}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={values.query}
          autoComplete="off"
          onChange={(e) => onChange({ ...values, query: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>{strings['entries.type']}</label>
        <select
          id={`${id}-type`}
          value={values.type}
          onChange={(e) => onChange({ ...values, type: e.target.value as TypeFilter })}
        >
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {strings[`entries.type.${type}`]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>{strings['entries.status']}</label>
        <select
          id={`${id}-status`}
          value={values.status}
          onChange={(e) => onChange({ ...values, status: e.target.value as StatusFilter })}
        >
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {strings[`entries.status.${status}`]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
