// catalogApi.search (src/lib/catalog/contract.ts) says what this endpoint takes and answers.
import { catalog } from '#lib/server/catalog/index.ts';

export const POST = catalog.search;
