// Recommendation rules: the filter string and key sent to the recommendation
// service, and the carousel that shows the result.

export const RECOMMENDATION_LIMIT = 20;

/** Carousel geometry: px of the next slide peeking in, slides per view below the desktop breakpoint (px). */
export const CAROUSEL = { peek: 16, perViewMobile: 2, desktopFrom: 1024 } as const;

export interface RecommendationPair {
  name: string;
  value: string;
}

/** name=value pairs joined by '&'; a pair missing either side would match everything, so it is dropped. */
export function recommendationFilter(pairs: readonly RecommendationPair[]): string {
  return pairs
    .map(({ name, value }) => ({ name: name.trim(), value: value.trim() }))
    .filter(({ name, value }) => name !== '' && value !== '')
    .map(({ name, value }) => `${name}=${value}`)
    .join('&');
}

// German shoppers read 'Küche' as 'kueche', not 'kuche'; stripping the diaeresis would merge distinct words.
// The others do not decompose under NFKD, so without a mapping they would vanish into separators.
const TRANSLITERATIONS: Record<string, string> = {
  ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', ẞ: 'SS',
  æ: 'ae', Æ: 'Ae', œ: 'oe', Œ: 'Oe', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D', þ: 'th', Þ: 'Th',
};

export function recommendationKey(text: string): string {
  return text
    // NFC first so a decomposed 'u' + U+0308 is still recognised as 'ü' and transliterated.
    .normalize('NFC')
    .replace(/[äöüÄÖÜßẞæÆœŒøØłŁđĐðÐþÞ]/g, (ch) => TRANSLITERATIONS[ch] ?? ch)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
