// Keyword search state: the header overlay (debounced, 12 at a time) and
// the search page (24 per page, filters and sort in the URL). Islands only render these stores.
import { atom, computed, map, onMount } from 'nanostores';
import { fetchSearch } from '../catalog/client.ts';
import { requestPrices } from '../catalog/prices-store.ts';
import { reportFailure } from '../shell/report.ts';
import { OVERLAY_PAGE, SEARCH_DEBOUNCE_MS, emptySearchResponse } from './rules.ts';
import { normalizeTerm } from './term.ts';
import type { SearchPageQuery, SearchPageState } from './page-query.ts';
import { appendPage, filtersToRequest, isPagingBeyondTotal } from '../catalog/listing.ts';
import type { Locale } from '../i18n/locales.ts';
import type { SearchResponse } from '../catalog/contract.ts';

export type SearchItem = SearchResponse['data'][number];
type SearchCategory = SearchResponse['categories'][number];

export interface SearchResults {
  /** The term these results belong to; '' while nothing has been searched. */
  term: string;
  items: SearchItem[];
  categories: SearchCategory[];
  count: number;
  /** More products match than `count`: the search ranks only its best hits. */
  capped: boolean;
  offset: number;
  /** `term` was found nowhere: the items are this term's ("Did you mean"). */
  suggestion?: string | undefined;
  /** `term` was found nowhere in the shopper's language: the items are its matches in this language. */
  foundIn?: Locale | undefined;
}

const NOTHING: SearchResults = { term: '', items: [], categories: [], count: 0, capped: false, offset: 0 };

/** The overlay's pending work: the debounce timer, and the one request in flight. */
interface OverlayWork {
  timer?: ReturnType<typeof setTimeout> | undefined;
  request?: { controller: AbortController; term: string } | undefined;
}
const $overlayWork = atom<OverlayWork>({});

/** What the shopper typed, untrimmed, so the input never jumps under their cursor. */
export const $searchTerm = atom('');
export const $searchOpen = atom(false);
export const $searchLoading = computed($overlayWork, (work) => work.request !== undefined);
export const $searchResults = atom<SearchResults>(NOTHING);

// The header search field lives as long as the page; once nothing shows it, pending work stops.
onMount($searchTerm, () => cancel);

/** The one writer of $overlayWork. */
function track(work: OverlayWork): void {
  $overlayWork.set({ ...$overlayWork.get(), ...work });
}

function cancel(): void {
  const { timer, request } = $overlayWork.get();
  clearTimeout(timer);
  request?.controller.abort();
  track({ timer: undefined, request: undefined });
}

/** One request at a time: a newer one aborts the older, so a slow answer never overwrites a fresh one. */
async function request(term: string, locale: Locale, offset: number): Promise<SearchResponse | null> {
  $overlayWork.get().request?.controller.abort();
  const controller = new AbortController();
  track({ request: { controller, term } });
  try {
    const page = await fetchSearch(
      { locale, keyword: term, limit: OVERLAY_PAGE, offset },
      { signal: controller.signal },
    );
    requestPrices(page.data.map((p) => p.sku));
    return page;
  } catch (error) {
    if (controller.signal.aborted) return null;
    // A failed search is reported and shows as an empty result.
    reportFailure('search: request failed', error);
    return emptySearchResponse();
  } finally {
    if ($overlayWork.get().request?.controller === controller) track({ request: undefined });
  }
}

/** The overlay is open while the term is non-empty; the request waits until typing pauses for 1 s. */
export function setTerm(raw: string, locale: Locale): void {
  $searchTerm.set(raw);
  const term = normalizeTerm(raw);
  $searchOpen.set(term !== '');
  clearTimeout($overlayWork.get().timer);
  if (term === '') {
    cancel();
    $searchResults.set(NOTHING);
    return;
  }
  if (term === $searchResults.get().term) {
    // Typed back to what is shown: an answer for the abandoned term must not replace it.
    const { request: pending } = $overlayWork.get();
    if (pending && pending.term !== term) cancel();
    return;
  }
  track({ timer: setTimeout(() => void search(term, locale), SEARCH_DEBOUNCE_MS) });
}

async function search(term: string, locale: Locale): Promise<void> {
  const page = await request(term, locale, 0);
  if (page) {
    $searchResults.set({
      term,
      items: page.data,
      categories: page.categories,
      count: page.count,
      capped: page.capped ?? false,
      offset: 0,
      suggestion: page.suggestion,
      foundIn: page.foundIn,
    });
  }
}

/** Back into the input with a term: show the overlay again; search at once if the results are stale. */
export function reopen(locale: Locale): void {
  const term = normalizeTerm($searchTerm.get());
  if (term === '') return;
  $searchOpen.set(true);
  if (term !== $searchResults.get().term && !$searchLoading.get()) {
    clearTimeout($overlayWork.get().timer);
    void search(term, locale);
  }
}

/** The next 12; the answer also refreshes the total and the categories. Beyond the total: unchanged. */
export async function loadMore(locale: Locale): Promise<void> {
  const current = $searchResults.get();
  const offset = current.items.length;
  if (current.term === '' || $searchLoading.get() || isPagingBeyondTotal(offset, current.count)) return;
  const page = await request(current.term, locale, offset);
  if (!page || $searchResults.get() !== current) return;
  $searchResults.set({
    ...current,
    items: appendPage(current.items, page.data, offset, page.count),
    categories: page.categories,
    count: page.count,
    capped: page.capped ?? false,
    offset,
  });
}

/** The shopper takes the suggestion: it becomes the term, and the items shown are already its own. */
export function acceptSuggestion(): void {
  const current = $searchResults.get();
  if (current.suggestion === undefined) return;
  clearTimeout($overlayWork.get().timer);
  $searchTerm.set(current.suggestion);
  $searchResults.set({ ...current, term: current.suggestion, suggestion: undefined });
}

/** Escape, an outside click or Enter: the term stays in the input, pending work stops. */
export function close(): void {
  $searchOpen.set(false);
  if (normalizeTerm($searchTerm.get()) !== $searchResults.get().term) cancel();
}

/** The search page shows its term in the header field (closed), so refining starts from it. */
export function presetTerm(term: string): void {
  if ($searchOpen.get() || normalizeTerm($searchTerm.get()) !== '') return;
  $searchTerm.set(term);
}

// ---- Search page: 24 per page, filters, sort; the URL is the source of truth. ----

export const $searchPage = map<SearchPageState>({
  status: 'idle',
  term: '',
  items: [],
  count: 0,
  capped: false,
  facets: [],
});

/** The search page's request in flight: a newer query aborts it. */
const $searchPageRequest = atom<AbortController | undefined>(undefined);

// When the search page island is gone, its request is no longer wanted.
onMount($searchPage, () => () => $searchPageRequest.get()?.abort());

export async function loadSearchPage(query: SearchPageQuery, locale: Locale): Promise<void> {
  $searchPageRequest.get()?.abort();
  if (query.term === '') {
    $searchPageRequest.set(undefined);
    $searchPage.set({ status: 'ready', term: '', items: [], count: 0, capped: false, facets: [] });
    return;
  }
  const controller = new AbortController();
  $searchPageRequest.set(controller);
  $searchPage.setKey('status', 'loading');
  try {
    const result = await fetchSearch(
      {
        locale,
        keyword: query.term,
        filters: filtersToRequest(query.filters),
        sort: query.sort,
        limit: query.limit,
        offset: query.offset,
        loadFilters: true,
      },
      { signal: controller.signal },
    );
    requestPrices(result.data.map((p) => p.sku));
    $searchPage.set({
      status: 'ready',
      term: query.term,
      items: result.data,
      count: result.count,
      capped: result.capped ?? false,
      facets: result.facets ?? [],
      suggestion: result.suggestion,
      foundIn: result.foundIn,
    });
  } catch (error) {
    if (controller.signal.aborted) return;
    // A failed search shows as an empty result.
    reportFailure('search: page request failed', error);
    $searchPage.set({ status: 'ready', term: query.term, items: [], count: 0, capped: false, facets: [] });
  } finally {
    if ($searchPageRequest.get() === controller) $searchPageRequest.set(undefined);
  }
}
