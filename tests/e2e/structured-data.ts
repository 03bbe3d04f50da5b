// Google's rules for structured data (rich results and merchant listings) and schema.org's vocabulary,
// applied by @adobe/structured-data-validator to the JSON-LD a page serves. The validator wants the
// schema.org vocabulary, which its README fetches from schema.org: CI reaches no site but the npm
// registry, so the release it checks against is vendored (tests/fixtures/schema-org/README.md).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import Validator, { type ValidationIssue } from '@adobe/structured-data-validator';

const VOCABULARY = new URL('../fixtures/schema-org/schemaorg-all-https-30.0.jsonld.gz', import.meta.url);

let validator: Validator | undefined;

function sharedValidator(): Validator {
  validator ??= new Validator(JSON.parse(gunzipSync(readFileSync(VOCABULARY)).toString('utf8')));
  return validator;
}

export type { ValidationIssue };

/**
 * The issues of a page's JSON-LD blocks. The validator takes what a crawler's extractor
 * (@marbec/web-auto-extractor) gives: the blocks by their root type; JSON-LD needs no extractor to
 * be read, so the blocks are grouped here.
 */
export async function structuredDataIssues(blocks: readonly Record<string, unknown>[]): Promise<ValidationIssue[]> {
  const jsonld: Record<string, Record<string, unknown>[]> = {};
  for (const block of blocks) {
    const type = String(block['@type']);
    (jsonld[type] ??= []).push(structuredClone(block));
  }
  return sharedValidator().validate({ jsonld, microdata: {}, rdfa: {}, errors: [] });
}
