// The words of an entry's readable changes (entry-changes.ts) and of the preview link, in every shop
// language, so the history reads the same whichever language the workspace speaks. Every language has
// the same keys and placeholders.
const de = {
  'changes.label': 'Änderungen von Version {{from}} zur aktuellen',
  'changes.everyLanguage': 'In allen Sprachen',
  'changes.before': 'Vorher',
  'changes.after': 'Nachher',
  'changes.empty': '(leer)',
  'changes.added': 'Hinzugefügt',
  'changes.removed': 'Entfernt',
  'changes.moved': 'Verschoben von Platz {{from}} auf Platz {{to}}',
  'changes.previewIn': 'Vorschau ({{language}})',
};

type ChangeKey = keyof typeof de;

const en = {
  'changes.label': 'Changes from version {{from}} to the current one',
  'changes.everyLanguage': 'In every language',
  'changes.before': 'Before',
  'changes.after': 'After',
  'changes.empty': '(empty)',
  'changes.added': 'Added',
  'changes.removed': 'Removed',
  'changes.moved': 'Moved from position {{from}} to position {{to}}',
  'changes.previewIn': 'Preview ({{language}})',
} satisfies Record<ChangeKey, string>;

const fr = {
  'changes.label': 'Modifications de la version {{from}} à la version actuelle',
  'changes.everyLanguage': 'Dans toutes les langues',
  'changes.before': 'Avant',
  'changes.after': 'Après',
  'changes.empty': '(vide)',
  'changes.added': 'Ajouté',
  'changes.removed': 'Supprimé',
  'changes.moved': 'Déplacé de la position {{from}} à la position {{to}}',
  'changes.previewIn': 'Aperçu ({{language}})',
} satisfies Record<ChangeKey, string>;

const es = {
  'changes.label': 'Cambios de la versión {{from}} a la actual',
  'changes.everyLanguage': 'En todos los idiomas',
  'changes.before': 'Antes',
  'changes.after': 'Después',
  'changes.empty': '(vacío)',
  'changes.added': 'Añadido',
  'changes.removed': 'Eliminado',
  'changes.moved': 'Movido de la posición {{from}} a la posición {{to}}',
  'changes.previewIn': 'Vista previa ({{language}})',
} satisfies Record<ChangeKey, string>;

const it = {
  'changes.label': 'Modifiche dalla versione {{from}} a quella attuale',
  'changes.everyLanguage': 'In tutte le lingue',
  'changes.before': 'Prima',
  'changes.after': 'Dopo',
  'changes.empty': '(vuoto)',
  'changes.added': 'Aggiunto',
  'changes.removed': 'Rimosso',
  'changes.moved': 'Spostato dalla posizione {{from}} alla posizione {{to}}',
  'changes.previewIn': 'Anteprima ({{language}})',
} satisfies Record<ChangeKey, string>;

export const changeMessages = { de, en, fr, es, it } as const;
export type ChangeStrings = Record<ChangeKey, string>;
