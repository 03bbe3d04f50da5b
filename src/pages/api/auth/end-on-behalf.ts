// The on-behalf banner's end button (src/lib/server/auth/on-behalf.ts): a plain form post, answered 303.
import { endOnBehalf } from '#lib/server/auth/index.ts';

export const POST = endOnBehalf;
