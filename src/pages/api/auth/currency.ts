// authApi.setCurrency (src/lib/auth/contract.ts) says what this endpoint takes and answers.
import { auth } from '#lib/server/auth/index.ts';

export const POST = auth.setCurrency;
