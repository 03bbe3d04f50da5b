// The locale setting's own texts: per shop language, the message keys it rewords, each with the English
// default beside it, so an editor sees what they replace. New keys come from the shop's list (a key the
// shop does not know would change nothing, and says so).
import { useId, useState } from 'react';
import { LOCALES, type Locale } from '#lib/i18n/locales.ts';
import { fill } from '#lib/i18n/format.ts';
import type { WorkspaceStrings } from '#lib/admin/workspace-messages.ts';

type Overrides = Partial<Record<Locale, Record<string, string>>>;

interface Props {
  languageName: (code: string) => string;
  value: Overrides;
  onChange: (next: Overrides) => void;
  englishTexts: Record<string, string>;
  strings: WorkspaceStrings;
  issues: Readonly<Record<string, string>>;
}

export function MessageOverrides({ languageName, value, onChange, englishTexts, strings: t, issues }: Props) {
  const id = useId();
  const [language, setLanguage] = useState<Locale>('de');
  const [newKey, setNewKey] = useState('');
  const own = value[language] ?? {};
  const set = (next: Record<string, string>) => onChange({ ...value, [language]: next });
  const known = newKey === '' || newKey in englishTexts;

  const add = () => {
    if (!newKey || newKey in own) return;
    set({ ...own, [newKey]: englishTexts[newKey] ?? '' });
    setNewKey('');
  };

  return (
    <fieldset className="admin-overrides">
      <legend>{t['overrides.title']}</legend>
      <div className="field">
        <label htmlFor={`${id}-lang`}>{t['overrides.language']}</label>
        <select id={`${id}-lang`} value={language} onChange={(e) => setLanguage(e.target.value as Locale)}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {languageName(l)}
            </option>
          ))}
        </select>
      </div>
      {Object.keys(own).length === 0 ? (
        <p>{t['overrides.none']}</p>
      ) : (
        <ul className="admin-override-list">
          {Object.entries(own).map(([key, text], i) => (
            <li key={key}>
              <label htmlFor={`${id}-${i}`}>
                <code>{key}</code>
              </label>
              <p className="admin-muted">
                {t['overrides.english']}: {englishTexts[key] ?? '—'}
              </p>
              <textarea
                id={`${id}-${i}`}
                rows={2}
                value={text}
                aria-invalid={issues[`messages.${language}.${key}`] ? true : undefined}
                onChange={(e) => set({ ...own, [key]: e.target.value })}
              />
              {issues[`messages.${language}.${key}`] && (
                <p className="field-error">{issues[`messages.${language}.${key}`]}</p>
              )}
              <button
                type="button"
                className="button"
                aria-label={fill(t['overrides.remove'], { key })}
                onClick={() => set(Object.fromEntries(Object.entries(own).filter(([k]) => k !== key)))}
              >
                {t['overrides.removeShort']}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`${id}-key`}>{t['overrides.key']}</label>
        <input
          id={`${id}-key`}
          list={`${id}-keys`}
          value={newKey}
          onChange={(e) => setNewKey(e.target.value.trim())}
          aria-describedby={known ? undefined : `${id}-unknown`}
        />
        <datalist id={`${id}-keys`}>
          {Object.keys(englishTexts).map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
        {!known && (
          <p id={`${id}-unknown`} className="field-error">
            {t['overrides.unknownKey']}
          </p>
        )}
        {newKey in englishTexts && (
          <p className="admin-muted">
            {t['overrides.english']}: {englishTexts[newKey]}
          </p>
        )}
      </div>
      <button type="button" className="button" disabled={!newKey} onClick={add}>
        {t['overrides.add']}
      </button>
    </fieldset>
  );
}
