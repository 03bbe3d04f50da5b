// The header search: rendered inside the header's GET form, so without
// JavaScript Enter still reaches the search page (with it, the shell script sends the form to
// the search page with the term encoded like every other search link, src/lib/search/search-form.ts). Hydrated, typing opens the results overlay;
// Escape, a click outside and Enter close it, and Enter goes to the search page.
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $searchOpen, $searchTerm, close, reopen, setTerm } from '#lib/search/store.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { Icon } from '../shell/Icon.tsx';
import { SearchOverlay } from './SearchOverlay.tsx';
import type { SearchBarStrings } from './strings.ts';

const SEARCH_OVERLAY_ID = 'search-overlay';

export interface SearchBarProps {
  locale: Locale;
  intlLocale: string;
  /** The branding setting search.popupView. */
  view: 'default' | 'small-list';
  showItemnum: boolean;
  strings: SearchBarStrings;
}

export function SearchBar({ locale, intlLocale, view, showItemnum, strings }: SearchBarProps) {
  const term = useStore($searchTerm);
  const open = useStore($searchOpen);
  const inputRef = useRef<HTMLInputElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // The first focus starts loading this island: what was typed meanwhile is in the field only.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed !== '' && typed !== $searchTerm.get()) setTerm(typed, locale);
  }, [locale]);

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
    // The overlay hangs below the search field wherever the header wraps it (desktop row, mobile line).
    const place = () => {
      const bottom = inputRef.current?.form?.getBoundingClientRect().bottom ?? 0;
      overlayRef.current?.style.setProperty('--search-overlay-top', `${Math.max(0, Math.round(bottom))}px`);
    };
    place();
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close();
      inputRef.current?.focus();
    };
    // The dimmed area around the panel is part of the form's DOM but counts as outside.
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node;
      const inPanel = panelRef.current?.contains(target) ?? false;
      const inField =
        (inputRef.current?.form?.contains(target) ?? false) && !(overlayRef.current?.contains(target) ?? false);
      if (!inPanel && !inField) close();
    };
    window.addEventListener('resize', place);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      root.style.overflow = previousOverflow;
      window.removeEventListener('resize', place);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const focusFirstResult = () => panelRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();

  return (
    <>
      <label className="visually-hidden" htmlFor="header-search">
        {strings.label}
      </label>
      {/* type=text, not search: HTML allows role=combobox only there (the Nu checker enforces it), and a
          search field would clear itself on Escape. enterKeyHint keeps the keyboard's search key. */}
      <input
        ref={inputRef}
        id="header-search"
        name="term"
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={SEARCH_OVERLAY_ID}
        aria-haspopup="dialog"
        inputMode="search"
        enterKeyHint="search"
        placeholder={strings.placeholder}
        autoComplete="off"
        required
        maxLength={200}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value, locale)}
        onFocus={() => reopen(locale)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && open) {
            e.preventDefault();
            focusFirstResult();
          }
        }}
      />
      <button type="submit" className="icon-button" aria-label={strings.label}>
        <Icon name="search" />
      </button>
      <div
        ref={overlayRef}
        id={SEARCH_OVERLAY_ID}
        className="search-overlay"
        hidden={!open}
        role="dialog"
        aria-label={strings.results}
      >
        {open && (
          <SearchOverlay
            panelRef={panelRef}
            locale={locale}
            intlLocale={intlLocale}
            view={view}
            showItemnum={showItemnum}
            strings={strings}
            onClose={() => {
              close();
              inputRef.current?.focus();
            }}
          />
        )}
      </div>
    </>
  );
}
