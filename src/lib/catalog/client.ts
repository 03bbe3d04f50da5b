// Typed client for the catalogue endpoints (src/pages/api/catalog): every call goes through its
// operation's contract (catalogApi), so paths, bodies and answers cannot drift from the server.
// Prices are part of a listing answer only when the shop turned lazy prices off
// (isPricesLazyLoadEnabled); otherwise the price list fetches them for the whole page.
import { call, endpoints, type CallOptions } from '../http/client.ts';
import type { RequestOf } from '../http/contract.ts';
import type {
  catalogApi as catalogContract,
  Facet,
  PriceListResponse,
  ProductListResponse,
  SearchResponse,
} from './contract.ts';
import { catalogRoutes } from './routes.ts';

const catalogApi = endpoints<typeof catalogContract>(catalogRoutes);

type ProductListInput = Omit<RequestOf<typeof catalogContract.products>, 'pricesLazyLoad'>;
type SearchInput = Omit<RequestOf<typeof catalogContract.search>, 'excludePrices' | 'pricesLazyLoad'>;

/** Prices and stock of up to 200 skus, as this shopper may see them. */
export function fetchPriceList(skus: string[], options: CallOptions = {}): Promise<PriceListResponse> {
  return call(catalogApi.prices, { skus }, options);
}

/** `inlinePrices` (isPricesLazyLoadEnabled off): the answer carries the page's prices too. */
export function fetchProductList(
  input: ProductListInput,
  options: CallOptions = {},
  inlinePrices = false,
): Promise<ProductListResponse> {
  return call(catalogApi.products, { ...input, pricesLazyLoad: !inlinePrices }, options);
}

export async function fetchFilters(
  input: RequestOf<typeof catalogContract.filters>,
  options: CallOptions = {},
): Promise<Facet[]> {
  return (await call(catalogApi.filters, input, options)).data;
}

export function fetchSearch(input: SearchInput, options: CallOptions = {}): Promise<SearchResponse> {
  return call(catalogApi.search, { ...input, excludePrices: true, pricesLazyLoad: true }, options);
}
