// The audit page's filters: who, which action, and a search text. A plain GET form of the page, so it
// filters without JavaScript too; the island takes the submit over and loads the page's rows itself.
import { useId } from 'react';
import type { AuditStrings } from '#lib/admin/moderation-messages.ts';
import { actorLabel, type ActorWords } from '#lib/admin/actor-label.ts';

export interface FilterValues {
  actor: string;
  action: string;
  q: string;
}

const NO_FILTERS: FilterValues = { actor: '', action: '', q: '' };

interface Props {
  values: FilterValues;
  choices: { actors: string[]; actions: string[] };
  strings: AuditStrings;
  words: ActorWords;
  onChange: (values: FilterValues) => void;
  onSubmit: (values: FilterValues) => void;
}

export function AuditFilterForm({ values, choices, strings, words, onChange, onSubmit }: Props) {
  const id = useId();
  return (
    <form
      method="get"
      action="/admin/audit"
      className="admin-inline-form audit-filters"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(values);
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-actor`}>{strings['audit.actor']}</label>
        <select
          id={`${id}-actor`}
          name="actor"
          value={values.actor}
          onChange={(e) => onChange({ ...values, actor: e.target.value })}
        >
          <option value="">{strings['audit.any']}</option>
          {choices.actors.map((actor) => (
            <option key={actor} value={actor}>
              {actorLabel(actor, words)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-action`}>{strings['audit.action']}</label>
        <select
          id={`${id}-action`}
          name="action"
          value={values.action}
          onChange={(e) => onChange({ ...values, action: e.target.value })}
        >
          <option value="">{strings['audit.any']}</option>
          {choices.actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-q`}>{strings['audit.search']}</label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          maxLength={200}
          value={values.q}
          onChange={(e) => onChange({ ...values, q: e.target.value })}
        />
      </div>
      <button type="submit" className="button primary">
        {strings['audit.apply']}
      </button>
      <a
        href="/admin/audit"
        className="button secondary"
        onClick={(e) => {
          e.preventDefault();
          onSubmit(NO_FILTERS);
        }}
      >
        {strings['audit.reset']}
      </a>
    </form>
  );
}
