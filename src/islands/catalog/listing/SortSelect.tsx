// The sort order (latest, price-up, price-down; the search page adds relevance), shown only when
// the shop enables sorting.
import { useId } from 'react';
import { SORT_OPTIONS, type SortOption } from '#lib/catalog/listing.ts';

export interface SortSelectProps<T extends string = SortOption> {
  value: T;
  onChange: (sort: T) => void;
  strings: { label: string } & Record<T, string>;
  /** The orders offered, in this order; a listing's by default. */
  options?: readonly T[];
}

export function SortSelect<T extends string = SortOption>({ value, onChange, strings, options }: SortSelectProps<T>) {
  const id = useId();
  const offered = options ?? (SORT_OPTIONS as readonly string[] as readonly T[]);
  return (
    <div className="listing-sort">
      <label htmlFor={id}>{strings.label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const next = offered.find((o) => o === e.currentTarget.value);
          if (next !== undefined) onChange(next);
        }}
      >
        {offered.map((option) => (
          <option key={option} value={option}>
            {strings[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
