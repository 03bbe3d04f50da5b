import type { QuickOrderMessages } from './en.ts';

// The German messages of the quick order page; keys and placeholders mirror en.ts.
export const deQuickOrder: QuickOrderMessages = {
  'catalog.yourItemNo': 'Ihre Art.-Nr.',
  'header.quickOrder': 'Schnellbestellung',
  'quickOrderPage.intro':
    'Bestellen Sie nach Artikelnummer: Zeilen eintippen oder einfügen, oder eine CSV- oder Excel-Datei mit bis zu {{max}} Zeilen hochladen. Jede Zeile wird mit Ihrem Preis und der Verfügbarkeit geprüft, bevor etwas in den Warenkorb kommt.',
  'quickOrderPage.finder': 'Artikel suchen',
  'quickOrderPage.finderHint': 'Artikelnummer oder Namen eingeben und einen Vorschlag wählen.',
  'quickOrderPage.quantity': 'Menge',
  'quickOrderPage.addLine': 'Zeile hinzufügen',
  'quickOrderPage.file': 'Oder eine Datei hochladen (CSV oder XLSX)',
  'quickOrderPage.fileHint':
    'Eine Spalte für die Artikelnummer und eine für die Menge; eine Kopfzeile wie „Artikelnummer; Menge“ benennt sie. Eine gewählte Datei wird statt der Zeilen oben gelesen.',
  'quickOrderPage.fileFormat':
    'Diese Datei ist weder eine CSV- noch eine Excel-Datei (XLSX). Bitte speichern Sie sie in einem dieser Formate.',
  'quickOrderPage.fileUnreadable':
    'Diese Datei konnte nicht gelesen werden. Bitte prüfen Sie, ob es eine vollständige CSV- oder XLSX-Datei ist.',
  'quickOrderPage.tooLarge': 'Diese Datei ist zu groß. Bitte laden Sie höchstens {{max}} Zeilen hoch.',
  'quickOrderPage.summary': 'Zeilen, die hinzugefügt werden können: {{ready}} von {{total}}.',
  'quickOrderPage.refusedCount_one': '{{count}} Zeile kann nicht bestellt werden; der Grund steht daneben.',
  'quickOrderPage.refusedCount_other':
    '{{count}} Zeilen können nicht bestellt werden; der Grund steht jeweils daneben.',
  'quickOrderPage.signIn': 'Bitte melden Sie sich an, um nach Artikelnummer zu bestellen.',
};
