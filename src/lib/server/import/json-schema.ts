// The JSON Schema of the import record, published as docs/import-record.schema.json for whoever writes
// JSON Lines files for the shop (`npm run import:schema` writes it; a unit test keeps it current). It is
// generated from the zod schema the importer checks with, so the two cannot drift apart. Input shape:
// fields with a default are optional, as they are in a file.
import { z } from 'astro/zod';
import { importRecordSchema } from '#lib/import/record-contract.ts';

export const IMPORT_SCHEMA_PATH = 'docs/import-record.schema.json';

/** The file's text: two-space JSON with a final line break. */
export function importRecordJsonSchema(): string {
  const { $schema, ...schema } = z.toJSONSchema(importRecordSchema, { io: 'input', unrepresentable: 'any' });
  const document = {
    $schema,
    $id: 'urn:b2b-storefront:import-record',
    title: 'Catalogue import record',
    description:
      'One line of a JSON Lines catalogue import: a category, a product, a deletion, prices, a placement, ' +
      'a stock level of a product or a customer account, told apart by "kind".',
    ...schema,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
