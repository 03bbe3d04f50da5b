// reviewsApi.delete (src/lib/reviews/contract.ts) says what this endpoint takes and answers.
import { reviews } from '#lib/server/reviews/index.ts';

export const POST = reviews.delete;
