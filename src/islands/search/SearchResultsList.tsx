// What the search page found for a term: nothing (and why), a suggestion or another language's
// matches, and the product cards. Apart from SearchResultsPage.tsx, which holds the query and paging.
import type { SearchPageState } from '#lib/search/page-query.ts';
import { localePath, productPath } from '#lib/site/paths.ts';
import { fill } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { ProductCard, type ProductCardProps } from '../catalog/ProductCard.tsx';
import { DidYouMean } from './DidYouMean.tsx';
import { FoundInOtherLanguage } from './FoundInOtherLanguage.tsx';
import type { SearchPageStrings } from './strings.ts';

interface SearchResultsListProps {
  state: SearchPageState;
  term: string;
  loading: boolean;
  /** The link of the suggested term's results. */
  suggestionHref: (suggestion: string) => string;
  locale: Locale;
  intlLocale: string;
  showItemnum: boolean;
  startingPrice: boolean;
  purchase: ProductCardProps['purchase'];
  strings: SearchPageStrings;
}

export function SearchResultsList(props: SearchResultsListProps) {
  const { state, term, loading, locale, intlLocale, strings } = props;
  return (
    <>
      {!loading && state.items.length === 0 && <p className="search-page-none">{fill(strings.noResults, { term })}</p>}
      {!loading && state.suggestion !== undefined && (
        <DidYouMean
          template={strings.didYouMean}
          term={term}
          suggestion={state.suggestion}
          href={props.suggestionHref(state.suggestion)}
        />
      )}
      {!loading && state.foundIn !== undefined && (
        <FoundInOtherLanguage
          template={strings.otherLanguage}
          term={term}
          foundIn={state.foundIn}
          intlLocale={intlLocale}
        />
      )}
      {state.items.length > 0 && (
        <ul className="product-grid">
          {state.items.map((product) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                href={localePath(locale, productPath(product))}
                intlLocale={intlLocale}
                view="grid"
                showItemnum={props.showItemnum}
                startingPrice={props.startingPrice}
                strings={strings.card}
                purchase={props.purchase}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
