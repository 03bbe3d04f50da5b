// onBehalfApi.start (src/lib/admin/on-behalf-contract.ts) says what this endpoint takes and answers.
import { endpoint } from '#lib/server/http.ts';
import { onBehalfStart } from '#lib/server/admin/index.ts';

export const POST = endpoint(onBehalfStart);
