// adminApi.tokens and adminApi.createToken (src/lib/admin/contract.ts) say what this endpoint takes and answers.
import { workspace } from '#lib/server/admin/index.ts';

export const GET = workspace.tokens;
export const POST = workspace.createToken;
