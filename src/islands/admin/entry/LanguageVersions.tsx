// The entry's language rows as links: the all-languages row, the ones with a version of their own, and
// a way to give another language its own (which then wins over the all-languages row there).
import type { EntryDetail } from '#lib/admin/contract.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import { fill } from '#lib/i18n/format.ts';
import type { WorkspaceStrings } from '#lib/admin/workspace-messages.ts';

export function LanguageVersions({
  detail,
  strings: t,
  languageName,
}: {
  detail: EntryDetail;
  strings: WorkspaceStrings;
  languageName: (code: string) => string;
}) {
  const href = (locale: string) =>
    `/admin/entry?${new URLSearchParams({ type: detail.type, identifier: detail.identifier, locale })}`;
  const rows = [...new Set([...detail.locales, detail.locale])];
  const missing = LOCALES.filter((l) => !rows.includes(l));
  return (
    <nav aria-label={t['editor.languages']} className="admin-languages">
      <ul>
        {rows.map((l) => (
          <li key={l || 'all'}>
            <a href={href(l)} aria-current={l === detail.locale ? 'page' : undefined}>
              {l === '' ? t['locale.all'] : languageName(l)}
            </a>
          </li>
        ))}
        {missing.map((l) => (
          <li key={l}>
            <a href={href(l)} className="admin-muted">
              {fill(t['editor.addLanguage'], { locale: languageName(l) })}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
