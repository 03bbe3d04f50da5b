// newsletterApi.confirm (src/lib/newsletter/contract.ts) says what this endpoint takes and answers.
import { newsletter } from '#lib/server/newsletter/index.ts';

export const POST = newsletter.confirm;
