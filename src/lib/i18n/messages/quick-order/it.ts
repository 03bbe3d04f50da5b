import type { QuickOrderMessages } from './en.ts';

// The Italian messages of the quick order page; keys and placeholders mirror en.ts.
export const itQuickOrder: QuickOrderMessages = {
  'catalog.yourItemNo': 'Suo cod. articolo',
  'header.quickOrder': 'Ordine rapido',
  'quickOrderPage.intro':
    'Ordini per codice articolo: digiti o incolli le righe, oppure carichi un file CSV o Excel con al massimo {{max}} righe. Ogni riga viene verificata con il suo prezzo e la disponibilità prima che qualcosa entri nel carrello.',
  'quickOrderPage.finder': 'Trova un articolo',
  'quickOrderPage.finderHint': 'Digiti un codice articolo o un nome e scelga un suggerimento.',
  'quickOrderPage.quantity': 'Quantità',
  'quickOrderPage.addLine': 'Aggiungi riga',
  'quickOrderPage.file': 'Oppure carichi un file (CSV o XLSX)',
  'quickOrderPage.fileHint':
    'Una colonna per il codice articolo e una per la quantità; una riga di intestazione come «Codice articolo; Quantità» le indica. Un file scelto viene letto al posto delle righe sopra.',
  'quickOrderPage.fileFormat':
    'Questo file non è né un file CSV né un file Excel (XLSX). Lo salvi in uno di questi formati.',
  'quickOrderPage.fileUnreadable':
    'Non è stato possibile leggere questo file. Verifichi che sia un file CSV o XLSX completo.',
  'quickOrderPage.tooLarge': 'Questo file è troppo grande. Carichi al massimo {{max}} righe.',
  'quickOrderPage.summary': 'Righe che si possono aggiungere: {{ready}} di {{total}}.',
  'quickOrderPage.refusedCount_one': '{{count}} riga non può essere ordinata; il motivo è accanto.',
  'quickOrderPage.refusedCount_other':
    '{{count}} righe non possono essere ordinate; ogni motivo è accanto alla sua riga.',
  'quickOrderPage.signIn': 'Acceda per ordinare per codice articolo.',
};
