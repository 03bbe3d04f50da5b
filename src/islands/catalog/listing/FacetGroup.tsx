// One filter facet as a checkbox group with the number of matching products per value. In the 'top'
// filter view each group folds into a dropdown so the row stays one line high.
import type { Facet } from '#lib/catalog/contract.ts';

export interface FacetGroupProps {
  facet: Facet;
  selected: readonly string[];
  collapsible: boolean;
  onToggle: (code: string, value: string, on: boolean) => void;
}

export function FacetGroup({ facet, selected, collapsible, onToggle }: FacetGroupProps) {
  const group = (
    <fieldset className="facet">
      <legend className={collapsible ? 'visually-hidden' : 'facet-title'}>{facet.label}</legend>
      <ul>
        {facet.options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <li key={option.value}>
              <label className="facet-option">
                <input
                  type="checkbox"
                  checked={checked}
                  // A value nothing matches cannot narrow the list; it stays enabled while ticked so it can be cleared.
                  disabled={option.count === 0 && !checked}
                  onChange={(e) => onToggle(facet.id, option.value, e.currentTarget.checked)}
                />
                <span className="facet-label">{option.label}</span>{' '}
                <span className="facet-count">({option.count})</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
  if (!collapsible) return group;
  return (
    <details className="facet-dropdown">
      <summary>
        {facet.label}
        {selected.length > 0 && <span className="facet-selected"> ({selected.length})</span>}
      </summary>
      {group}
    </details>
  );
}
