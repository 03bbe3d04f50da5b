// wishlistApi.add and wishlistApi.remove (src/lib/wishlist/contract.ts) say what this endpoint takes and answers.
import { wishlist } from '#lib/server/wishlist/index.ts';

export const POST = wishlist.add;
export const DELETE = wishlist.remove;
