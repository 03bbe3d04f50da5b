// One content entry in one language: the form generated from its schema (the one the shop renders
// with), its HTML, and the way from draft to live: save, preview, publish, discard; then its history.
// The browser checks the form with the same schema before saving, and the server checks it again.
import { useMemo, useState } from 'react';
import type { EntryDetail } from '#lib/admin/contract.ts';
import { entrySchema } from '#lib/admin/rules.ts';
import { describeSchema, emptyValue, validate } from '#lib/admin/form-model.ts';
import { fieldLabel, formStrings, issueMessage, optionLabel, type AdminLocale } from '#lib/admin/messages.ts';
import type { ChangeStrings } from '#lib/admin/change-messages.ts';
import type { WorkspaceStrings } from '#lib/admin/workspace-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { SchemaForm } from './schema-form/SchemaForm.tsx';
import { EntryHistory } from './entry/EntryHistory.tsx';
import { HtmlField, type RichTextOptions } from './entry/HtmlField.tsx';
import { LinkPicker } from './link-picker/LinkPicker.tsx';
import type { PickerStrings } from '#lib/media/messages.ts';
import { EntryState } from './entry/EntryState.tsx';
import { LanguageVersions } from './entry/LanguageVersions.tsx';
import { MessageOverrides } from './entry/MessageOverrides.tsx';
import { useEntryActions } from './entry/useEntryActions.ts';
import { DraftActions } from './entry/DraftActions.tsx';
import { treeEditorFor } from './tree/treeEditorFor.tsx';

export interface EntryEditorProps {
  detail: EntryDetail;
  /** What a new language row starts from: the all-languages row. */
  initial: { config: unknown; content: string | null } | null;
  locale: AdminLocale;
  strings: WorkspaceStrings;
  /** The words of the history's changes and of the preview link. */
  changeStrings: ChangeStrings;
  hints: Record<string, string>;
  /** The English message texts, for the locale setting's own texts. */
  englishTexts: Record<string, string> | null;
  /** The hosts pictures may come from besides the shop (CONTENT_IMAGE_HOSTS), so the form refuses what the server refuses. */
  imageHosts: readonly string[];
  /** The media library's picker beside picture fields and the HTML. */
  picker: PickerStrings;
  /** The visual editor's texts, and whether the HTML source is offered (admins). */
  richText: Omit<RichTextOptions, 'imageHosts'>;
}

type Config = Record<string, unknown>;

export function EntryEditor({
  detail: first,
  initial,
  locale,
  strings: t,
  changeStrings,
  hints,
  englishTexts,
  imageHosts,
  picker,
  richText,
}: EntryEditorProps) {
  const key = { type: first.type, identifier: first.identifier, locale: first.locale };
  const schema = entrySchema(key.type, key.identifier, imageHosts);
  const described = useMemo(() => (schema ? describeSchema(schema) : null), [schema]);
  const dateTime = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
    return (iso: string) => format.format(new Date(iso));
  }, [locale]);
  const actions = useEntryActions(key, t, first, dateTime, {
    MEDIA_ALT_MISSING: picker['media.error.altMissing'],
    MEDIA_NOT_FOUND: picker['media.error.notFound'],
  });
  const languageName = (code: string) => optionLabel(locale, 'locale', code);
  const { detail, busy, status } = actions;
  const start = detail.draft ?? detail.live ?? initial;
  const [value, setValue] = useState<unknown>(() => start?.config ?? (described ? emptyValue(described) : {}));
  const [content, setContent] = useState(start?.content ?? '');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  // The locale setting's texts (English default beside each key), the menu and the footer get editors of their own.
  const withOverrides = englishTexts !== null && schema !== null && 'omit' in schema;
  const tree = treeEditorFor(key.type, key.identifier);
  const own = withOverrides ? 'messages' : tree?.field;
  const formSchema = useMemo(
    () => (own ? (schema as unknown as { omit: (m: object) => typeof schema }).omit({ [own]: true }) : schema),
    [schema, own],
  );

  const edit = (next: unknown) => {
    setValue(next);
    setDirty(true);
  };
  const save = async () => {
    const checked = validate(schema!, value, issueMessage(locale));
    setIssues(checked.ok ? {} : checked.issues);
    if (!checked.ok)
      return actions.setStatus({
        tone: 'error',
        text: fill(t['editor.invalid'], { count: Object.keys(checked.issues).length }),
      });
    if (await actions.save(value, detail.html ? content : null)) setDirty(false);
  };

  if (!schema || !described || !detail.editable) return <p>{t['editor.readOnly']}</p>;
  // What the buttons and the history both read.
  const shared = { detail, descriptor: described, locale, strings: t, changeStrings, busy };
  const shownIssues = { ...actions.serverIssues, ...issues };

  return (
    <div className="admin-entry">
      <LanguageVersions detail={detail} strings={t} languageName={languageName} />
      <EntryState detail={detail} strings={t} dateTime={dateTime} />
      <form
        className="admin-card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {tree && <tree.Editor config={value} onChange={edit} locale={locale} issues={shownIssues} />}
        <SchemaForm
          schema={formSchema!}
          value={value}
          onChange={edit}
          issues={shownIssues}
          hints={hints}
          idPrefix="entry"
          labels={(field) => fieldLabel(locale, field)}
          optionLabels={(field, option) => optionLabel(locale, field, option)}
          strings={formStrings(locale)}
          mediaPicker={picker}
        />
        {withOverrides && (
          <MessageOverrides
            languageName={languageName}
            value={((value as Config).messages ?? {}) as Record<string, Record<string, string>>}
            onChange={(messages) => edit({ ...(value as Config), messages })}
            englishTexts={englishTexts}
            strings={t}
            issues={shownIssues}
          />
        )}
        {detail.html && (
          <HtmlField
            value={content}
            onChange={(next) => {
              setContent(next);
              setDirty(true);
            }}
            label={t['editor.html']}
            hint={t['editor.htmlHint']}
            error={shownIssues.content}
            picker={picker}
            rich={{
              ...richText,
              imageHosts,
              renderLinkTarget: (target) => <LinkPicker {...target} locale={locale} />,
            }}
          />
        )}
        <DraftActions
          {...shared}
          initial={initial}
          dirty={dirty}
          onPublish={() => void actions.publish()}
          onDiscard={() =>
            void actions.discard().then((ok) => {
              if (!ok) return;
              setValue(detail.live?.config ?? value);
              setContent(detail.live?.content ?? '');
            })
          }
          onDelete={() => void actions.remove()}
        />
        {status && (
          <p className={`admin-status admin-status-${status.tone}`} role={status.tone === 'ok' ? 'status' : 'alert'}>
            {status.text} {status.tone === 'conflict' && <a href={location.href}>{t['editor.reload']}</a>}
          </p>
        )}
      </form>
      <EntryHistory {...shared} dateTime={dateTime} onRollback={actions.rollback} />
    </div>
  );
}
