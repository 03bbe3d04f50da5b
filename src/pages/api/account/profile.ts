// profileApi.get and profileApi.update (src/lib/profile/contract.ts) say what this endpoint takes and answers.
import { profile } from '#lib/server/auth/index.ts';

export const GET = profile.get;
export const POST = profile.update;
