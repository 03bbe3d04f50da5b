// newsletterApi.status and newsletterApi.update (src/lib/newsletter/contract.ts) say what this endpoint takes and answers.
import { newsletter } from '#lib/server/newsletter/index.ts';

export const GET = newsletter.status;
export const POST = newsletter.update;
