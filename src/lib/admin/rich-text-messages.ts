// The texts of the rich-text editor for HTML fields (content pages, banner, bar, cart header) in German
// and English (the workspace's two languages); both have the same keys. Keys:
//   rich.*   the toolbar, the editing area, the switch to the HTML source (admins only)
//   link.*   the link dialog
const de = {
  'rich.toolbar': 'Formatierung',
  'rich.loading': 'Der visuelle Editor wird geladen …',
  'rich.paragraph': 'Absatz',
  'rich.h2': 'Überschrift',
  'rich.h3': 'Zwischenüberschrift',
  'rich.bold': 'Fett',
  'rich.italic': 'Kursiv',
  'rich.bulletList': 'Aufzählung',
  'rich.orderedList': 'Nummerierte Liste',
  'rich.link': 'Link',
  'rich.table': 'Tabelle einfügen',
  'rich.rowAdd': 'Zeile hinzufügen',
  'rich.rowRemove': 'Zeile entfernen',
  'rich.columnAdd': 'Spalte hinzufügen',
  'rich.columnRemove': 'Spalte entfernen',
  'rich.undo': 'Rückgängig',
  'rich.redo': 'Wiederholen',
  'rich.source': 'HTML-Quelltext',
  'rich.sourceHint': 'Nur für Administratoren: Beim Speichern entfernt der Shop, was er nicht zulässt.',
  'rich.kept':
    'Dieser Text enthält Auszeichnungen, die der visuelle Editor nicht darstellen kann ({{parts}}). Damit nichts verloren geht, wird er als HTML gezeigt.',
  'link.title': 'Link setzen',
  'link.target': 'Linkziel',
  'link.hint':
    'Eine Adresse mit https://, mailto: oder tel:, ein Pfad dieser Website wie /i/agb, ein Anker wie #abschnitt oder ein Kürzel wie i:agb (Inhaltsseite) oder c:werkzeuge (Kategorie).',
  'link.invalid':
    'Dieses Linkziel ist nicht erlaubt. Verwenden Sie https://, mailto: oder tel:, einen Pfad wie /i/agb, einen Anker wie #abschnitt oder ein Kürzel wie i:agb oder c:werkzeuge.',
  'link.apply': 'Übernehmen',
  'link.remove': 'Link entfernen',
  'link.cancel': 'Abbrechen',
};
type Keys = keyof typeof de;
export type RichTextStrings = Record<Keys, string>;

const en: RichTextStrings = {
  'rich.toolbar': 'Formatting',
  'rich.loading': 'Loading the visual editor …',
  'rich.paragraph': 'Paragraph',
  'rich.h2': 'Heading',
  'rich.h3': 'Subheading',
  'rich.bold': 'Bold',
  'rich.italic': 'Italic',
  'rich.bulletList': 'Bulleted list',
  'rich.orderedList': 'Numbered list',
  'rich.link': 'Link',
  'rich.table': 'Insert table',
  'rich.rowAdd': 'Add row',
  'rich.rowRemove': 'Remove row',
  'rich.columnAdd': 'Add column',
  'rich.columnRemove': 'Remove column',
  'rich.undo': 'Undo',
  'rich.redo': 'Redo',
  'rich.source': 'HTML source',
  'rich.sourceHint': 'Admins only: on saving, the shop removes whatever it does not allow.',
  'rich.kept':
    'This text has markup the visual editor cannot show ({{parts}}). So that nothing is lost, it is shown as HTML.',
  'link.title': 'Set link',
  'link.target': 'Link target',
  'link.hint':
    'An https://, mailto: or tel: address, a path on this site such as /i/terms, an anchor such as #section, or a code such as i:terms (content page) or c:tools (category).',
  'link.invalid':
    'This link target is not allowed. Use https://, mailto: or tel:, a path such as /i/terms, an anchor such as #section, or a code such as i:terms or c:tools.',
  'link.apply': 'Apply',
  'link.remove': 'Remove link',
  'link.cancel': 'Cancel',
};

export const richTextMessages = { de, en } as const;
