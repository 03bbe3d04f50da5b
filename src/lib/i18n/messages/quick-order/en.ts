// English messages of the quick order page (/quick-order): a part of en.ts of its own. Every other
// locale's part has exactly these keys. The checked lines' texts are My Items' (my-items/).
export const enQuickOrder = {
  'catalog.yourItemNo': 'Your item no.',
  'header.quickOrder': 'Quick order',
  'quickOrderPage.intro':
    'Order by item number: type or paste your lines, or upload a CSV or Excel file with up to {{max}} lines. Every line is checked with your price and availability before anything goes into the cart.',
  'quickOrderPage.finder': 'Find an item',
  'quickOrderPage.finderHint': 'Type an item number or a name and pick a suggestion.',
  'quickOrderPage.quantity': 'Quantity',
  'quickOrderPage.addLine': 'Add line',
  'quickOrderPage.file': 'Or upload a file (CSV or XLSX)',
  'quickOrderPage.fileHint':
    'One column for the item number and one for the quantity; a heading row such as “Item number; Quantity” names them. A chosen file is read instead of the lines above.',
  'quickOrderPage.fileFormat':
    'This file is neither a CSV nor an Excel (XLSX) file. Please save it in one of these formats.',
  'quickOrderPage.fileUnreadable': 'This file could not be read. Please check that it is a complete CSV or XLSX file.',
  'quickOrderPage.tooLarge': 'This file is too large. Please upload at most {{max}} lines.',
  'quickOrderPage.summary': 'Lines that can be added: {{ready}} of {{total}}.',
  'quickOrderPage.refusedCount_one': '{{count}} line cannot be ordered; the reason is beside it.',
  'quickOrderPage.refusedCount_other': '{{count}} lines cannot be ordered; each reason is beside its line.',
  'quickOrderPage.signIn': 'Please log in to order by item number.',
} as const;

export type QuickOrderMessages = Record<keyof typeof enQuickOrder, string>;
