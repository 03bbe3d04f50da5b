// A link target chosen by name: a combobox that searches categories, products and content pages as the
// editor types and shows the stored code's target by its name, the code itself beneath. An address
// typed in full (https://…, /path, mailto:, c:…, i:…) is taken as it is. Used by the menu and footer
// trees and by any field that stores a content link.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { LinkTarget } from '#lib/admin/link-contract.ts';
import type { AdminLocale } from '#lib/admin/messages.ts';
import { treeMessages } from '#lib/admin/tree-messages.ts';
import { isContentLink } from '#lib/content/links.ts';
import { fill } from '#lib/i18n/format.ts';
import { remember, targetOf } from './link-targets.ts';
import { useLinkSearch } from './useLinkSearch.ts';

export interface LinkPickerProps {
  /** The stored link code ('c:werkzeuge', 'i:agb', '/p/12/slug', 'https://…'); '' for none. */
  value: string;
  onChange(code: string): void;
  label: string;
  /** The workspace language: the picker's words and the targets' names. */
  locale: AdminLocale;
  /** Why the value is refused, shown beneath and announced with the field. */
  error?: string | undefined;
}

export function LinkPicker({ value, onChange, label, locale, error }: LinkPickerProps) {
  const t = treeMessages[locale];
  const id = useId();
  const [target, setTarget] = useState<LinkTarget | null>(null);
  /** What the editor is typing; null shows the current target's name. */
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const search = useLinkSearch(typed, locale);
  const results = search.phase === 'done' ? search.results : [];
  const open = typed !== null && search.phase !== 'idle';

  useEffect(() => {
    let current = true;
    if (value) void targetOf(value, locale).then((found) => current && setTarget(found));
    return () => {
      current = false;
    };
  }, [value, locale]);
  const shown = target && target.code === value ? target : null;

  const choose = (picked: LinkTarget) => {
    remember(picked, locale);
    setTarget(picked);
    setTyped(null);
    onChange(picked.code);
  };
  const type = (text: string) => {
    setTyped(text);
    setActive(0);
    // A whole address needs no search: it is the value as soon as it is one.
    if (isContentLink(text.trim())) onChange(text.trim());
  };
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setTyped(typed ?? shown?.name ?? value);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (results.length ? (i + step + results.length) % results.length : 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const picked = results[active];
      if (picked) choose(picked);
    } else if (event.key === 'Escape' && typed !== null) {
      event.preventDefault();
      event.stopPropagation();
      setTyped(null);
    }
  };

  const kind = shown ? t[`link.kind.${shown.kind}`] : value ? t['link.kind.address'] : '';
  const describe = `${id}-target${error ? ` ${id}-error` : ''}`;
  return (
    <div className="sf-field link-picker">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && results[active] ? `${id}-option-${active}` : undefined}
        aria-describedby={describe}
        aria-invalid={error ? true : undefined}
        value={typed ?? shown?.name ?? value}
        onChange={(e) => type(e.target.value)}
        onKeyDown={keys}
        onBlur={() => setTyped(null)}
      />
      <ul id={`${id}-list`} role="listbox" aria-label={label} className="link-picker-list" hidden={!open}>
        {results.map((result, i) => (
          <li
            key={result.code}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={i === active}
            // Before the input's blur: the pick must land first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(result)}
          >
            <span>{result.name}</span> <span className="admin-muted">{t[`link.kind.${result.kind}`]}</span>
          </li>
        ))}
      </ul>
      <p className="admin-muted link-picker-target" id={`${id}-target`}>
        {value ? fill(t['link.target'], { kind, code: value }) : t['link.empty']}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {search.phase === 'done'
          ? results.length
            ? fill(t['link.results'], { count: results.length })
            : t['link.none']
          : search.phase === 'failed'
            ? t['link.failed']
            : ''}
      </p>
      {error && (
        <p className="sf-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
