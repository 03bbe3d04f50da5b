// Product list (spec section 7): one category's products, filtered, sorted and paged.
import { endpoint, json, readBody } from '#lib/server/http.ts';
import { productListRequestSchema } from '#lib/catalog/contract.ts';
import { listProducts } from '#lib/server/catalog/listing.ts';
import { currentShopper, priceContext } from '#lib/server/shopper.ts';
import { priceList } from '#lib/server/catalog/prices.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, cookies }) => {
  const body = await readBody(request, productListRequestSchema);
  const shopper = await currentShopper(cookies);
  const page = await listProducts({ ...body, categoryId: body.catId, currency: shopper.currency });
  if (body.pricesLazyLoad) return json(page);
  const prices = await priceList(page.data.map((p) => p.sku), await priceContext(shopper));
  return json({ ...page, data: page.data.map((p) => ({ ...p, priceInfo: prices.find((e) => e.sku === p.sku)?.priceInfo ?? null })) });
});
