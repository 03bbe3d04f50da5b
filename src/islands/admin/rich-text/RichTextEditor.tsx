// The visual editor of an HTML field (TipTap): toolbar, editing area, link dialog, pictures from the
// media library. Loaded by HtmlField with import() only where an HTML field is shown, so the rest of
// the workspace does not carry TipTap. What it writes is HTML the shop's sanitizer keeps as it is
// (src/lib/admin/rich-text-schema.ts; tests/unit/rich-text-sanitizer.test.ts holds it to that).
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { RichTextStrings } from '#lib/admin/rich-text-messages.ts';
import { richTextExtensions } from '#lib/admin/rich-text-schema.ts';
import type { PickerStrings } from '#lib/media/messages.ts';
import { MediaPicker } from '../media/MediaPicker.tsx';
import { LinkDialog, type LinkTargetProps } from './LinkDialog.tsx';
import { Toolbar } from './Toolbar.tsx';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** The field's label: the editing area's accessible name. */
  label: string;
  /** The ids of the field's hint and error. */
  describedBy: string;
  invalid: boolean;
  strings: RichTextStrings;
  picker?: PickerStrings | undefined;
  imageHosts: readonly string[];
  /** Another target field for the link dialog: the workspace's link picker, given by the entry editor. */
  renderLinkTarget?: ((props: LinkTargetProps) => ReactNode) | undefined;
}

export function RichTextEditor(props: RichTextEditorProps) {
  const { value, onChange, strings, picker } = props;
  const [link, setLink] = useState<string | null>(null);
  /** The HTML this editor last handed out: the value coming back from it is no change from outside. */
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: richTextExtensions(props.imageHosts),
    content: value,
    // Only ever rendered in the browser (HtmlField imports it after hydration).
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'rich-area cms',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': props.label,
        'aria-describedby': props.describedBy,
        ...(props.invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      emitted.current = e.isEmpty ? '' : e.getHTML();
      onChange(emitted.current);
    },
  });
  // A value set from outside (discarding the draft, the source view) replaces the document. Compared
  // with what the editor last handed out, not with its document now: keys typed while React renders
  // the previous value would otherwise be undone, and the caret and selection reset.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const closeLink = () => {
    setLink(null);
    editor.commands.focus();
  };
  const applyLink = (href: string | null) => {
    const chain = editor.chain().focus().extendMarkRange('link');
    void (href === null ? chain.unsetLink() : chain.setLink({ href })).run();
    setLink(null);
  };
  const picture = picker && (
    <MediaPicker
      strings={picker}
      field={props.label}
      // The shop writes the library's alternative text of the shopper's language (withMediaPictures).
      onPick={(path) => void editor.chain().focus().setImage({ src: path, alt: '' }).run()}
    />
  );

  return (
    <div className="rich-editor">
      <Toolbar
        editor={editor}
        strings={strings}
        onLink={() => setLink((editor.getAttributes('link').href as string | undefined) ?? '')}
        picture={picture}
      />
      <EditorContent editor={editor} />
      <LinkDialog
        initial={link}
        strings={strings}
        onApply={applyLink}
        onClose={closeLink}
        renderTarget={props.renderLinkTarget}
      />
    </div>
  );
}
