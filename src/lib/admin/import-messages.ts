// The texts of the workspace's Import page in German and English (beside team-messages.ts, whose
// shared failures and workspace-messages.ts, whose actor names the page's island takes as well: see
// importStrings). Both languages have the same keys; `{{name}}` placeholders are filled with fill()
// and `_one`/`_other` pairs chosen with plural() (src/lib/i18n/format.ts). Keys:
//   import.upload.*    the form: file, options, start, the byte progress
//   import.progress.*  the run while it goes
//   import.count.*     the six counts as labels; import.summary.* the same in a sentence
//   import.report.*    one finished run: what it changed, the refused records, the CSV
//   import.recent.*    the last imports
import { teamMessages } from './team-messages.ts';
import { workspaceMessages } from './workspace-messages.ts';

const de = {
  'import.title': 'Katalogimport',
  'import.upload.title': 'Datei importieren',
  'import.upload.file': 'Katalogdatei',
  'import.upload.fileHint':
    'BMEcat (XML), CSV oder JSON Lines, Kunden als CSV oder JSON Lines; mit Bildern und Datenblättern als ZIP. Wählen Sie die Datei aus oder ziehen Sie sie auf dieses Formular; das Format wird am Inhalt erkannt.',
  'import.upload.drop': 'Datei hier ablegen',
  'import.upload.check': 'Nur prüfen (nichts ändern)',
  'import.upload.checkHint': 'Liest die ganze Datei und meldet, was abgelehnt würde. Der Shop bleibt, wie er ist.',
  'import.upload.strict': 'Alles oder nichts',
  'import.upload.strictHint': 'Wird auch nur ein Datensatz abgelehnt, wird gar nichts geändert.',
  'import.upload.invite': 'Neue Kunden einladen',
  'import.upload.inviteHint':
    'Jeder neu angelegte Kunde erhält eine E-Mail mit dem Link, über den er sein Passwort festlegt. Bestehende Kunden erhalten keine.',
  'import.upload.start': 'Import starten',
  'import.upload.noFile': 'Bitte wählen Sie zuerst eine Datei aus.',
  'import.upload.sending': 'Hochladen',
  'import.upload.bytes': '{{sent}} von {{total}} hochgeladen',
  'import.upload.tooLarge':
    'Die Datei ist zu groß zum Hochladen. Größere Kataloge werden auf dem Server mit „npm run import“ eingelesen.',
  'import.upload.empty': 'Die Datei ist leer.',
  'import.upload.zipRefused':
    'Die ZIP-Datei lässt sich nicht importieren: Sie muss eine Katalogdatei (.xml, .csv oder .jsonl) enthalten und darf weder verschlüsselte Dateien noch Verknüpfungen oder Pfade außerhalb ihres Ordners enthalten.',
  'import.upload.invalidName': 'Der Dateiname ist zu lang oder leer. Bitte benennen Sie die Datei um.',
  'import.progress.uploaded': 'Die Datei ist hochgeladen, der Import läuft.',
  'import.progress.running': 'Der Import läuft …',
  'import.progress.lost': 'Der Stand des Imports lässt sich gerade nicht abrufen. Er läuft auf dem Server weiter.',
  'import.count.read': 'Gelesen',
  'import.count.created': 'Neu angelegt',
  'import.count.updated': 'Geändert',
  'import.count.unchanged': 'Unverändert',
  'import.count.deleted': 'Gelöscht',
  'import.count.refused': 'Abgelehnt',
  'import.summary.read_one': '{{count}} Datensatz gelesen',
  'import.summary.read_other': '{{count}} Datensätze gelesen',
  'import.summary.created': '{{count}} neu angelegt',
  'import.summary.updated': '{{count}} geändert',
  'import.summary.unchanged': '{{count}} unverändert',
  'import.summary.deleted': '{{count}} gelöscht',
  'import.summary.refused': '{{count}} abgelehnt',
  'import.summary.sentence': '{{read}}: {{parts}}.',
  'import.summary.readOnly': '{{read}}.',
  'import.report.title': 'Import von {{file}}',
  'import.report.started': 'Gestartet {{at}} von {{who}}',
  'import.report.checkOnly': 'Nur geprüft: Im Shop wurde nichts geändert.',
  'import.report.rolledBack': 'Alles oder nichts: Es wurde nichts geändert, weil nicht alles übernommen werden konnte.',
  'import.report.failed': 'Der Import ist mit einem Fehler abgebrochen.',
  'import.report.failedKept': 'Was vor dem Fehler übernommen war, bleibt im Shop.',
  'import.report.errorDetails': 'Technische Meldung',
  'import.report.refusedTitle': 'Abgelehnte Datensätze',
  'import.report.none': 'Kein Datensatz wurde abgelehnt.',
  'import.report.tableLabel': 'Abgelehnte Datensätze',
  'import.report.column.file': 'Datei',
  'import.report.column.line': 'Zeile',
  'import.report.column.id': 'Artikelnummer / Kennung',
  'import.report.column.field': 'Feld',
  'import.report.column.reason': 'Grund',
  'import.report.shown': 'Gezeigt werden die ersten {{shown}} von {{total}} Zeilen; der CSV-Bericht enthält alle.',
  'import.report.download': 'Bericht herunterladen (CSV)',
  'import.report.notFound': 'Diesen Import gibt es nicht (mehr).',
  'import.recent.title': 'Letzte Importe',
  'import.recent.tableLabel': 'Letzte Importe',
  'import.recent.empty': 'Noch keine Importe.',
  'import.recent.column.started': 'Gestartet',
  'import.recent.column.file': 'Datei',
  'import.recent.column.who': 'Von',
  'import.recent.column.status': 'Status',
  'import.recent.column.counts': 'Ergebnis',
  'import.recent.column.report': 'Bericht',
  'import.recent.open': 'Öffnen',
  'import.recent.openLabel': 'Bericht zu {{file}} vom {{at}} öffnen',
  'import.status.running': 'Läuft',
  'import.status.done': 'Fertig',
  'import.status.failed': 'Fehlgeschlagen',
  'import.mode.check': 'nur geprüft',
  'import.mode.strict': 'alles oder nichts',
} as const;

type Keys = keyof typeof de;

const en: Record<Keys, string> = {
  'import.title': 'Catalogue import',
  'import.upload.title': 'Import a file',
  'import.upload.file': 'Catalogue file',
  'import.upload.fileHint':
    'BMEcat (XML), CSV or JSON Lines; customers as CSV or JSON Lines; with pictures and data sheets as a zip. Choose the file or drag it onto this form; the format is told by its content.',
  'import.upload.drop': 'Drop the file here',
  'import.upload.check': 'Check only (change nothing)',
  'import.upload.checkHint': 'Reads the whole file and reports what would be refused. The shop stays as it is.',
  'import.upload.strict': 'All or nothing',
  'import.upload.strictHint': 'If a single record is refused, nothing at all is changed.',
  'import.upload.invite': 'Invite new customers',
  'import.upload.inviteHint':
    'Each customer the import creates gets an email with the link to set their password. Existing customers get none.',
  'import.upload.start': 'Start import',
  'import.upload.noFile': 'Please choose a file first.',
  'import.upload.sending': 'Uploading',
  'import.upload.bytes': '{{sent}} of {{total}} uploaded',
  'import.upload.tooLarge':
    'The file is too large to upload. Larger catalogues are imported on the server with “npm run import”.',
  'import.upload.empty': 'The file is empty.',
  'import.upload.zipRefused':
    'The zip cannot be imported: it must hold a catalogue file (.xml, .csv or .jsonl) and no encrypted files, links or paths outside its folder.',
  'import.upload.invalidName': 'The file name is too long or empty. Please rename the file.',
  'import.progress.uploaded': 'The file is uploaded; the import is running.',
  'import.progress.running': 'The import is running …',
  'import.progress.lost': 'The import’s progress cannot be fetched right now. It goes on running on the server.',
  'import.count.read': 'Read',
  'import.count.created': 'Created',
  'import.count.updated': 'Updated',
  'import.count.unchanged': 'Unchanged',
  'import.count.deleted': 'Deleted',
  'import.count.refused': 'Refused',
  'import.summary.read_one': '{{count}} record read',
  'import.summary.read_other': '{{count}} records read',
  'import.summary.created': '{{count}} created',
  'import.summary.updated': '{{count}} updated',
  'import.summary.unchanged': '{{count}} unchanged',
  'import.summary.deleted': '{{count}} deleted',
  'import.summary.refused': '{{count}} refused',
  'import.summary.sentence': '{{read}}: {{parts}}.',
  'import.summary.readOnly': '{{read}}.',
  'import.report.title': 'Import of {{file}}',
  'import.report.started': 'Started {{at}} by {{who}}',
  'import.report.checkOnly': 'Check only: nothing was changed in the shop.',
  'import.report.rolledBack': 'All or nothing: nothing was changed, because not everything could be applied.',
  'import.report.failed': 'The import stopped with an error.',
  'import.report.failedKept': 'What was applied before the error stays in the shop.',
  'import.report.errorDetails': 'Technical message',
  'import.report.refusedTitle': 'Refused records',
  'import.report.none': 'No record was refused.',
  'import.report.tableLabel': 'Refused records',
  'import.report.column.file': 'File',
  'import.report.column.line': 'Line',
  'import.report.column.id': 'SKU / id',
  'import.report.column.field': 'Field',
  'import.report.column.reason': 'Reason',
  'import.report.shown': 'Showing the first {{shown}} of {{total}} lines; the CSV report has them all.',
  'import.report.download': 'Download report (CSV)',
  'import.report.notFound': 'There is no such import (any more).',
  'import.recent.title': 'Last imports',
  'import.recent.tableLabel': 'Last imports',
  'import.recent.empty': 'No imports yet.',
  'import.recent.column.started': 'Started',
  'import.recent.column.file': 'File',
  'import.recent.column.who': 'By',
  'import.recent.column.status': 'Status',
  'import.recent.column.counts': 'Result',
  'import.recent.column.report': 'Report',
  'import.recent.open': 'Open',
  'import.recent.openLabel': 'Open the report on {{file}} of {{at}}',
  'import.status.running': 'Running',
  'import.status.done': 'Done',
  'import.status.failed': 'Failed',
  'import.mode.check': 'check only',
  'import.mode.strict': 'all or nothing',
};

export const importMessages = { de, en } as const;

/** The shared words the Import island needs besides its own: failures any call may meet, actor names. */
const SHARED_TEAM = [
  'common.failed',
  'common.network',
  'common.busy',
  'common.forbidden',
  'common.unauthenticated',
] as const;
const SHARED_WORKSPACE = ['actor.seed', 'actor.cli', 'actor.token'] as const;

export type ImportStrings = Record<Keys | (typeof SHARED_TEAM)[number] | (typeof SHARED_WORKSPACE)[number], string>;

/** Everything the Import island says, in one language: its own texts and the shared ones it uses. */
export function importStrings(locale: 'de' | 'en'): ImportStrings {
  const pick = <K extends string>(from: Record<K, string>, keys: readonly K[]) =>
    Object.fromEntries(keys.map((key) => [key, from[key]])) as Record<K, string>;
  return {
    ...importMessages[locale],
    ...pick(teamMessages[locale], SHARED_TEAM),
    ...pick(workspaceMessages[locale], SHARED_WORKSPACE),
  };
}
