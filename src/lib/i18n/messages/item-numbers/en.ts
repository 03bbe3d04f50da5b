// English messages of the account's "My item numbers" page (a company's own numbers for the shop's
// products) and the headings of its CSV export: a part of en.ts of its own. Every other locale's part
// has exactly these keys. The CSV headings are also what the import recognises (src/lib/customer-items/file-rows.ts).
export const enItemNumbers = {
  'account.ItemNumbers': 'My item numbers',
  'itemNumbers.intro':
    'Give the shop’s products your company’s own item numbers (material numbers). Everyone in your company can then search and order by them, and they appear in the cart, on orders and in the order export.',
  'itemNumbers.viewOnly': 'Your role lets you see these numbers; changing them takes a role that may order.',
  'itemNumbers.listTitle': 'Your item numbers',
  'itemNumbers.searchLabel': 'Find an item number or your number',
  'itemNumbers.search': 'Search',
  'itemNumbers.itemnum': 'Item number',
  'itemNumbers.own': 'Your number',
  'itemNumbers.product': 'Product',
  'itemNumbers.actions': 'Actions',
  'itemNumbers.remove': 'Remove',
  'itemNumbers.removeFor': 'your number {{number}}',
  'itemNumbers.empty': 'Your company has no own item numbers yet.',
  'itemNumbers.noMatch': 'No number matches “{{q}}”.',
  'itemNumbers.pageOf': 'Page {{page}} of {{pages}} ({{total}} numbers)',
  'itemNumbers.pages': 'Pages of your item numbers',
  'itemNumbers.previous': 'Previous page',
  'itemNumbers.next': 'Next page',
  'itemNumbers.setTitle': 'Add or change a number',
  'itemNumbers.itemHint': 'The shop’s item number or SKU, as on the product page.',
  'itemNumbers.save': 'Save',
  'itemNumbers.importTitle': 'Import from a file',
  'itemNumbers.importHint':
    'A CSV or Excel file (XLSX) with two columns: the shop’s item number and your number, up to 5,000 rows. A heading row is optional. A number already there is changed.',
  'itemNumbers.file': 'File',
  'itemNumbers.import': 'Import',
  'itemNumbers.export': 'Download all as CSV',
  'itemNumbers.done.set': 'The number was saved.',
  'itemNumbers.done.removed': 'The number was removed.',
  'itemNumbers.report.written': 'Imported: {{written}} rows written, {{unchanged}} already as in the file.',
  'itemNumbers.report.refusedTitle': 'These rows were not imported',
  'itemNumbers.report.line': 'Line',
  'itemNumbers.report.reason': 'Reason',
  'itemNumbers.report.dropped': '{{dropped}} rows after the first 5,000 were not read.',
  'itemNumbers.refusal.unknown-product': 'No product has this item number.',
  'itemNumbers.refusal.invalid-number':
    'Your number is missing, longer than 64 characters or contains characters that are not allowed.',
  'itemNumbers.refusal.invalid-item':
    'The item number is missing, too long or contains characters that are not allowed.',
  'itemNumbers.refusal.number-taken': 'Your company already uses this number for another product.',
  'itemNumbers.refusal.product-twice': 'An earlier row already names this product.',
  'itemNumbers.file.format': 'This is not a CSV or XLSX file.',
  'itemNumbers.file.unreadable': 'The file could not be read.',
  'itemNumbers.file.empty': 'Please choose a file with at least one row.',
  'itemNumbers.file.too-large': 'The file is larger than 2 MB.',
  'itemNumbers.error.notFound': 'Your company has no own number for this product.',
  'itemNumbers.formErrors': 'Please check the marked fields.',
  'itemNumbers.csv.item': 'Item number',
  'itemNumbers.csv.own': 'Your number',
  'itemNumbers.csv.name': 'Name',
} as const;

export type ItemNumbersMessages = Record<keyof typeof enItemNumbers, string>;
