// addressesApi.list and addressesApi.save (src/lib/addresses/contract.ts) say what this endpoint takes and answers.
import { addresses } from '#lib/server/addresses/index.ts';

export const GET = addresses.list;
export const POST = addresses.save;
