// The customer item numbers domain's public face (issue 37, item 3): what other domains ask of a
// company's own numbers, wired to the process database.
import { getDb } from '../db/index.ts';
import { productsByCustomerNumber } from './queries.ts';

export { customerNumberColumn } from './queries.ts';

/** The sku of the product a company's own number names, or null: a buyer's search term read as theirs first. */
export async function ownItemSku(customerId: string | null, term: string): Promise<string | null> {
  if (customerId === null || term.trim() === '') return null;
  return (await productsByCustomerNumber(await getDb(), customerId, [term])).get(term.trim().toLowerCase()) ?? null;
}
