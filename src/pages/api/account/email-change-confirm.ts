// profileApi.confirmEmailChange (src/lib/profile/contract.ts) says what this endpoint takes and answers.
import { profile } from '#lib/server/auth/index.ts';

export const POST = profile.confirmEmailChange;
