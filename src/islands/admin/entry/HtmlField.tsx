// The HTML of a banner, bar, cart header or content page. Editors write it in the visual editor
// (src/islands/admin/rich-text/, fetched with import() once the field is on screen: until it has
// loaded, and wherever the HTML holds markup the visual editor has no place for, the source textarea
// stands in). Admins may switch to the HTML source. That switch is a convenience, not a permission:
// the role comes from the server-side session (entry.astro), but the draft endpoint takes any HTML
// from an editor as well, and the sanitizer on save is what protects the shop.
import { useEffect, useId, useMemo, useState, type ComponentType } from 'react';
import type { RichTextStrings } from '#lib/admin/rich-text-messages.ts';
import { unkeptMarkup } from '#lib/admin/rich-text-kept.ts';
import { fill } from '#lib/i18n/format.ts';
import type { PickerStrings } from '#lib/media/messages.ts';
import type { RichTextEditorProps } from '../rich-text/RichTextEditor.tsx';
import { SourceArea } from './SourceArea.tsx';

export interface RichTextOptions {
  strings: RichTextStrings;
  /** The signed-in staff member is an admin: offer the HTML source. */
  source: boolean;
  imageHosts: readonly string[];
  /** The link dialog's target field: the workspace's link picker, which finds targets by name. */
  renderLinkTarget?: RichTextEditorProps['renderLinkTarget'];
}

interface Props {
  value: string;
  onChange: (next: string) => void;
  label: string;
  hint: string;
  error?: string | undefined;
  /** The media library: a chosen picture goes in where the caret is, with the library's alternative texts on the shop. */
  picker?: PickerStrings | undefined;
  rich: RichTextOptions;
}

export function HtmlField({ value, onChange, label, hint, error, picker, rich }: Props) {
  const id = useId();
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  const [source, setSource] = useState(false);
  useEffect(() => {
    void import('../rich-text/RichTextEditor.tsx').then((m) => setEditor(() => m.RichTextEditor));
  }, []);
  // Markup the visual editor would drop keeps the field in the source view until it is gone.
  const unkept = useMemo(() => (Editor ? unkeptMarkup(value) : []), [Editor, value]);
  const visual = Editor !== null && !source && unkept.length === 0;
  const describedBy = [`${id}-hint`, unkept.length > 0 && `${id}-kept`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="field admin-html-field">
      <span className="admin-html-head">
        <label id={`${id}-label`} htmlFor={visual ? undefined : id}>
          {label}
        </label>
        {rich.source && (
          <button type="button" className="button" aria-pressed={source} onClick={() => setSource(!source)}>
            {rich.strings['rich.source']}
          </button>
        )}
      </span>
      {visual ? (
        <Editor
          value={value}
          onChange={onChange}
          label={label}
          describedBy={describedBy}
          invalid={Boolean(error)}
          strings={rich.strings}
          picker={picker}
          imageHosts={rich.imageHosts}
          renderLinkTarget={rich.renderLinkTarget}
        />
      ) : (
        <SourceArea
          id={id}
          value={value}
          onChange={onChange}
          describedBy={describedBy}
          error={error}
          picker={picker}
          field={label}
        />
      )}
      <p id={`${id}-hint`} className="field-hint">
        {hint}
        {rich.source && ` ${rich.strings['rich.sourceHint']}`}
      </p>
      {!Editor && <p className="field-hint">{rich.strings['rich.loading']}</p>}
      {unkept.length > 0 && !source && (
        <p id={`${id}-kept`} className="field-hint">
          {fill(rich.strings['rich.kept'], { parts: unkept.join(', ') })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
