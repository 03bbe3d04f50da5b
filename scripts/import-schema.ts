// Writes docs/import-record.schema.json, the JSON Schema of a JSON Lines import record, from the
// record's zod schema. Run it after changing src/lib/import/record.ts: a unit test fails until then.
import { writeFileSync } from 'node:fs';
import { IMPORT_SCHEMA_PATH, importRecordJsonSchema } from '../src/lib/server/import/json-schema.ts';

writeFileSync(new URL(`../${IMPORT_SCHEMA_PATH}`, import.meta.url), importRecordJsonSchema());
console.log(`import:schema: wrote ${IMPORT_SCHEMA_PATH}`);
