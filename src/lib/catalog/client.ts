// Typed client for the catalogue endpoints (src/pages/api/catalog): every call goes through its
// operation's contract (catalogApi), so paths, bodies and answers cannot drift from the server.
// Prices are never part of a listing answer here: the price list fetches them for the whole page.
import { call, type CallOptions } from '../http/client.ts';
import type { RequestOf } from '../http/contract.ts';
import { catalogApi, type Facet, type PriceListResponse, type ProductListResponse, type SearchResponse } from './contract.ts';

type ProductListInput = Omit<RequestOf<typeof catalogApi.products>, 'pricesLazyLoad'>;
type SearchInput = Omit<RequestOf<typeof catalogApi.search>, 'excludePrices' | 'pricesLazyLoad'>;

/** Prices and stock of up to 200 skus, as this shopper may see them. */
export function fetchPriceList(skus: string[], options: CallOptions = {}): Promise<PriceListResponse> {
  return call(catalogApi.prices, { skus }, options);
}

export function fetchProductList(input: ProductListInput, options: CallOptions = {}): Promise<ProductListResponse> {
  return call(catalogApi.products, { ...input, pricesLazyLoad: true }, options);
}

export async function fetchFilters(input: RequestOf<typeof catalogApi.filters>, options: CallOptions = {}): Promise<Facet[]> {
  return (await call(catalogApi.filters, input, options)).data;
}

export function fetchSearch(input: SearchInput, options: CallOptions = {}): Promise<SearchResponse> {
  return call(catalogApi.search, { ...input, excludePrices: true, pricesLazyLoad: true }, options);
}
