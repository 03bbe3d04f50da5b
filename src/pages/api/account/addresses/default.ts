// addressesApi.setDefault (src/lib/addresses/contract.ts) says what this endpoint takes and answers.
import { addresses } from '#lib/server/addresses/index.ts';

export const POST = addresses.setDefault;
