// Product price list (spec section 7): prices and stock for all skus of a page in one request.
import { endpoint, json, readBody } from '#lib/server/http.ts';
import { priceListRequestSchema } from '#lib/catalog/contract.ts';
import { currentShopper, priceContext } from '#lib/server/shopper.ts';
import { priceList } from '#lib/server/catalog/prices.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, cookies }) => {
  const body = await readBody(request, priceListRequestSchema);
  const shopper = await currentShopper(cookies);
  const ctx = await priceContext(shopper);
  return json({ items: await priceList(body.skus, ctx), pricesVisible: ctx.pricesVisible });
});
