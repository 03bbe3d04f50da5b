// Typed client for the catalogue endpoints.
import { z } from 'astro/zod';
import { apiPost } from '../http/client.ts';
import {
  facetSchema, priceListResponseSchema, productListResponseSchema, searchResponseSchema,
  type Filter, type SearchRequest,
} from './contract.ts';
import type { Locale } from '../i18n/locales.ts';

export function fetchPriceList(skus: string[], signal?: AbortSignal) {
  return apiPost('/api/catalog/prices', { skus }, priceListResponseSchema, signal);
}

export function fetchProductList(req: { locale: Locale; catId: number; filters: Filter[]; sort: string; limit: number; offset: number }, signal?: AbortSignal) {
  return apiPost('/api/catalog/products', { ...req, pricesLazyLoad: true }, productListResponseSchema, signal);
}

export function fetchFilters(req: { locale: Locale; categoryId?: number; keyword?: string; filters: Filter[] }, signal?: AbortSignal) {
  return apiPost('/api/catalog/filters', req, z.object({ data: z.array(facetSchema) }), signal);
}

export function fetchSearch(req: Partial<SearchRequest> & { keyword: string; locale: Locale }, signal?: AbortSignal) {
  return apiPost('/api/catalog/search', req, searchResponseSchema, signal);
}
