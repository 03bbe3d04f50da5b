// linkApi.links (src/lib/admin/link-contract.ts) says what this endpoint takes and answers.
import { linkSearch } from '#lib/server/admin/index.ts';

export const GET = linkSearch;
