// Writes docs/import-record.schema.json, the JSON Schema of a JSON Lines import record, from the
// record's zod schema, and the CSV column tables of docs/import.md from the parser's column list.
// Run it after changing src/lib/import/record-contract.ts or the CSV columns: a unit test fails until then.
import { readFileSync, writeFileSync } from 'node:fs';
import { IMPORT_SCHEMA_PATH, importRecordJsonSchema } from '../src/lib/server/import/json-schema.ts';
import { IMPORT_DOC_PATH, withColumnTables } from '../src/lib/server/import/csv-docs.ts';

const at = (path: string) => new URL(`../${path}`, import.meta.url);
writeFileSync(at(IMPORT_SCHEMA_PATH), importRecordJsonSchema());
writeFileSync(at(IMPORT_DOC_PATH), withColumnTables(readFileSync(at(IMPORT_DOC_PATH), 'utf8')));
console.log(`import:schema: wrote ${IMPORT_SCHEMA_PATH} and the column tables of ${IMPORT_DOC_PATH}`);
