// wishlistApi.list (src/lib/wishlist/contract.ts) says what this endpoint takes and answers.
import { wishlist } from '#lib/server/wishlist/index.ts';

export const GET = wishlist.list;
