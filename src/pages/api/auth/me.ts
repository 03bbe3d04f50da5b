// authApi.meByQuery and authApi.me (src/lib/auth/contract.ts) say what this endpoint takes and answers.
import { auth } from '#lib/server/auth-endpoints.ts';

export const GET = auth.meByQuery;
export const POST = auth.me;
