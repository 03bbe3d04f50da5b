import type { QuickOrderMessages } from './en.ts';

// The French messages of the quick order page; keys and placeholders mirror en.ts.
export const frQuickOrder: QuickOrderMessages = {
  'catalog.yourItemNo': 'Votre réf.',
  'header.quickOrder': 'Commande rapide',
  'quickOrderPage.intro':
    'Commandez par référence : saisissez ou collez vos lignes, ou importez un fichier CSV ou Excel de {{max}} lignes au plus. Chaque ligne est vérifiée avec votre prix et la disponibilité avant que rien n’entre dans le panier.',
  'quickOrderPage.finder': 'Trouver un article',
  'quickOrderPage.finderHint': 'Saisissez une référence ou un nom et choisissez une suggestion.',
  'quickOrderPage.quantity': 'Quantité',
  'quickOrderPage.addLine': 'Ajouter la ligne',
  'quickOrderPage.file': 'Ou importez un fichier (CSV ou XLSX)',
  'quickOrderPage.fileHint':
    'Une colonne pour la référence et une pour la quantité ; une ligne d’en-tête comme « Référence ; Quantité » les nomme. Un fichier choisi est lu à la place des lignes ci-dessus.',
  'quickOrderPage.fileFormat':
    'Ce fichier n’est ni un fichier CSV ni un fichier Excel (XLSX). Veuillez l’enregistrer dans l’un de ces formats.',
  'quickOrderPage.fileUnreadable':
    'Ce fichier n’a pas pu être lu. Veuillez vérifier qu’il s’agit d’un fichier CSV ou XLSX complet.',
  'quickOrderPage.tooLarge': 'Ce fichier est trop volumineux. Veuillez importer {{max}} lignes au plus.',
  'quickOrderPage.summary': 'Lignes pouvant être ajoutées : {{ready}} sur {{total}}.',
  'quickOrderPage.refusedCount_one': '{{count}} ligne ne peut pas être commandée ; la raison figure à côté.',
  'quickOrderPage.refusedCount_other':
    '{{count}} lignes ne peuvent pas être commandées ; chaque raison figure à côté de sa ligne.',
  'quickOrderPage.signIn': 'Veuillez vous connecter pour commander par référence.',
};
