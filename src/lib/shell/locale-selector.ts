// The language selector in the header (src/components/LocaleSelector.astro): the vsf-locale cookie
// remembers the language (365 days), and its links keep the query the shopper is looking at.

function remember(selector: HTMLElement, locale: string): void {
  const name = selector.dataset.localeCookie;
  const maxAge = selector.dataset.localeMaxAge;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${locale}; path=/; max-age=${maxAge}; samesite=lax${secure}`;
}

export function startLocaleSelectors(): void {
  for (const selector of document.querySelectorAll<HTMLElement>('.locale-selector')) {
    if (selector.dataset.currentLocale) remember(selector, selector.dataset.currentLocale);
    // Cached pages are rendered without the query: the search term, filters and page the shopper is
    // looking at are copied onto the links here, so switching language keeps them.
    if (location.search) {
      for (const link of selector.querySelectorAll<HTMLAnchorElement>('a[data-locale]')) {
        const target = new URL(link.href);
        if (!target.search) link.href = `${target.pathname}${location.search}${target.hash}`;
      }
    }
    selector.addEventListener('click', (e) => {
      const link = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-locale]');
      if (link?.dataset.locale) remember(selector, link.dataset.locale);
    });
  }
}
