// "No results for “bohrmaschine”. Showing products whose German name matches.": the items shown are
// the term's matches in another language's names, shown (and linked) in the shopper's language.
import { fill, languageName } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';

export interface FoundInOtherLanguageProps {
  /** With {{term}} and {{language}}. */
  template: string;
  term: string;
  foundIn: Locale;
  intlLocale: string;
}

export function FoundInOtherLanguage({ template, term, foundIn, intlLocale }: FoundInOtherLanguageProps) {
  return (
    <p className="search-other-language">{fill(template, { term, language: languageName(intlLocale, foundIn) })}</p>
  );
}
