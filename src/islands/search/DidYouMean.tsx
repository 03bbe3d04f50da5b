// "No results for “bohrmashine”. Did you mean bohrmaschinen?": the results shown are already the
// suggestion's; the suggestion is a link (search page) or a button (overlay) that adopts it as the term.
import { aroundSuggestion } from '#lib/search/rules.ts';

export interface DidYouMeanProps {
  /** With {{term}} and {{suggestion}}. */
  template: string;
  term: string;
  suggestion: string;
  /** A link to the suggestion's results; without it, a button calling onAccept. */
  href?: string;
  onAccept?: () => void;
}

export function DidYouMean({ template, term, suggestion, href, onAccept }: DidYouMeanProps) {
  const [before, after] = aroundSuggestion(template, { term });
  return (
    <p className="search-did-you-mean">
      {before}
      {href !== undefined ? (
        <a href={href}>{suggestion}</a>
      ) : (
        <button type="button" className="search-suggestion-button" onClick={onAccept}>
          {suggestion}
        </button>
      )}
      {after}
    </p>
  );
}
