import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_SCHEMA_PATH, importRecordJsonSchema } from '#lib/server/import/json-schema.ts';
import { IMPORT_DOC_PATH, withColumnTables } from '#lib/server/import/csv-docs.ts';

describe('importRecordJsonSchema', () => {
  it('is what docs/import-record.schema.json holds (run npm run import:schema after changing the record)', () => {
    const committed = readFileSync(new URL(`../../${IMPORT_SCHEMA_PATH}`, import.meta.url), 'utf8');
    expect(committed).toBe(importRecordJsonSchema());
  });

  it('describes every kind of record, with its own fields only', () => {
    const schema = JSON.parse(importRecordJsonSchema());
    expect(schema).toMatchObject({ $id: expect.any(String), title: expect.any(String) });
    const kinds = schema.oneOf.map(
      (variant: { properties: { kind: { const: string } } }) => variant.properties.kind.const,
    );
    expect(kinds).toEqual(['category', 'product', 'delete', 'prices', 'placement', 'stock', 'customer']);
    for (const variant of schema.oneOf) expect(variant.additionalProperties).toBe(false);
  });
});

describe('docs/import.md', () => {
  it('lists every CSV column the parser knows (run npm run import:schema after changing them)', () => {
    const committed = readFileSync(new URL(`../../${IMPORT_DOC_PATH}`, import.meta.url), 'utf8');
    expect(committed).toBe(withColumnTables(committed));
  });
});
