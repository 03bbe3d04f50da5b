// The header's search form: Enter goes to the search page with the term encoded like every other
// search link (spaces as %20), whether or not the search island has hydrated yet; an empty term
// stays put. Without JavaScript the form's own GET does the same with '+' for spaces.
import type { Locale } from '../i18n/locales.ts';
import { normalizeTerm, searchDetailsHref } from './term.ts';

export function startSearchForm(form: HTMLFormElement, locale: Locale): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const term = normalizeTerm(new FormData(form).get('term')?.toString());
    if (term !== '') window.location.assign(searchDetailsHref(locale, term));
  });
}
