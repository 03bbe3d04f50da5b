// The CSV columns as Markdown tables for docs/import.md, written by `npm run import:schema` between
// its column markers from the same descriptions the parser's header check uses; a unit test keeps
// the file current.
import { CSV_COLUMNS } from './csv-columns.ts';

export const IMPORT_DOC_PATH = 'docs/import.md';
const START = '<!-- csv-columns:start (npm run import:schema writes this part) -->';
const END = '<!-- csv-columns:end -->';

const TITLES = {
  product: 'Products',
  category: 'Categories',
  price: 'Prices',
  stock: 'Stock',
  customer: 'Customers',
} as const;

const cell = (text: string) => text.replace(/\|/g, '\\|');

function columnTables(): string {
  return Object.entries(CSV_COLUMNS)
    .map(([kind, columns]) =>
      [
        `### ${TITLES[kind as keyof typeof TITLES]}`,
        '',
        '| Column | Meaning | Example |',
        '| --- | --- | --- |',
        ...columns.map((c) => `| \`${cell(c.column)}\` | ${cell(c.description)} | \`${cell(c.example)}\` |`),
      ].join('\n'),
    )
    .join('\n\n');
}

/** The document with its column tables replaced by the current ones. */
export function withColumnTables(document: string): string {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${IMPORT_DOC_PATH} lacks its column markers`);
  return `${document.slice(0, start + START.length)}\n\n${columnTables()}\n\n${document.slice(end)}`;
}
