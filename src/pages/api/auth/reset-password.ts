// authApi.resetPassword (src/lib/auth/contract.ts) says what this endpoint takes and answers.
import { auth } from '#lib/server/auth-endpoints.ts';

export const POST = auth.resetPassword;
