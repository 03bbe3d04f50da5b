// The sort order (latest, price-up, price-down), shown only when the shop enables sorting.
import { useId } from 'react';
import { isSortOption, SORT_OPTIONS, type SortOption } from '#lib/catalog/listing.ts';
import type { SortStrings } from './strings.ts';

export interface SortSelectProps {
  value: SortOption;
  onChange: (sort: SortOption) => void;
  strings: SortStrings;
}

export function SortSelect({ value, onChange, strings }: SortSelectProps) {
  const id = useId();
  return (
    <div className="listing-sort">
      <label htmlFor={id}>{strings.label}</label>
      <select id={id} value={value} onChange={(e) => {
        const next = e.currentTarget.value;
        if (isSortOption(next)) onChange(next);
      }}>
        {SORT_OPTIONS.map((option) => <option key={option} value={option}>{strings[option]}</option>)}
      </select>
    </div>
  );
}
