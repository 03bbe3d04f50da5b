// The wishlist's server sync (src/lib/wishlist/store.ts): a call the server refuses because the session
// ended meanwhile is not reported as a failure; any other failure is.
import { afterEach, expect, test, vi } from 'vitest';
import { ApiClientError } from '#lib/http/client.ts';

const addServerWishlistItems = vi.fn();
vi.mock('#lib/wishlist/client.ts', () => ({
  addServerWishlistItems,
  fetchServerWishlist: vi.fn(),
  removeServerWishlistItem: vi.fn(),
}));
const reportFailure = vi.fn();
vi.mock('#lib/shell/report.ts', () => ({ reportFailure }));

const { toggleWishlist } = await import('#lib/wishlist/store.ts');
const { $loggedIn } = await import('#lib/auth/session-store.ts');

const product = (sku: string) =>
  ({ sku, name: sku, image: null, slug: sku.toLowerCase(), id: 1, itemnum: sku }) as unknown as Parameters<
    typeof toggleWishlist
  >[0];
const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(() => {
  addServerWishlistItems.mockReset();
  reportFailure.mockReset();
});

test('a sync refused because the session ended is no failure; another refusal is reported', async () => {
  $loggedIn.set(true);
  addServerWishlistItems.mockRejectedValueOnce(new ApiClientError('UNAUTHENTICATED', 'Not signed in', 401));
  toggleWishlist(product('A-1'));
  await settled();
  expect(addServerWishlistItems).toHaveBeenCalledTimes(1);
  expect(reportFailure).not.toHaveBeenCalled();

  addServerWishlistItems.mockRejectedValueOnce(new ApiClientError('INTERNAL_ERROR', 'Something went wrong', 500));
  toggleWishlist(product('B-2'));
  await settled();
  expect(reportFailure).toHaveBeenCalledTimes(1);
});
