// The quick order page's finder: an item number field with live suggestions (the catalogue's keyword
// search, which finds item numbers and names) and a quantity. "Add line" (and Enter) appends the pair
// to the page's lines box. On the server it renders as two plain fields that the form sends as a line
// of its own, so it works before its script loads (it hydrates on intent: the first focus) and
// without one. The suggestions are a native <datalist>: the browser's own list, keyboard and screen
// reader behaviour included.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { fetchSearch } from '#lib/catalog/client.ts';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import type { Locale } from '#lib/i18n/locales.ts';

interface Suggestion {
  itemnum: string;
  name: string;
}

interface Props {
  locale: Locale;
  /** The id of the lines box the finder appends to. */
  linesId: string;
  strings: { finder: string; finderHint: string; quantity: string; addLine: string };
}

/** Shorter terms match too much to be worth a request. */
const MIN_TERM = 2;
const SUGGESTIONS = 8;
const TYPING_PAUSE_MS = 150;

export function QuickOrderFinder({ locale, linesId, strings }: Props) {
  const id = useId();
  const item = useRef<HTMLInputElement>(null);
  const quantity = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  // The button is the script's: without it the form sends the two fields as a line.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  useEffect(() => {
    const keyword = term.trim();
    if (keyword.length < MIN_TERM) return setSuggestions([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSearch({ locale, keyword, limit: SUGGESTIONS }, { signal: controller.signal })
        .then((answer) => setSuggestions(answer.data.map(({ itemnum, name }) => ({ itemnum, name }))))
        // A suggestion that does not come is no error: the typed number is checked anyway.
        .catch(() => {});
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, locale]);

  function addLine() {
    const box = document.getElementById(linesId);
    const ref = item.current?.value.trim() ?? '';
    if (!(box instanceof HTMLTextAreaElement) || !item.current || ref === '') return;
    const count = quantity.current?.value.trim() || '1';
    box.value = `${box.value.trimEnd()}${box.value.trim() === '' ? '' : '\n'}${ref} ${count}`;
    item.current.value = '';
    if (quantity.current) quantity.current.value = '1';
    setTerm('');
    item.current.focus();
  }

  function onEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || !live) return;
    event.preventDefault();
    addLine();
  }

  return (
    <div className="quick-order-finder">
      <div className="field">
        <label htmlFor={`${id}-item`}>{strings.finder}</label>
        <p id={`${id}-hint`} className="field-hint">
          {strings.finderHint}
        </p>
        <input
          ref={item}
          id={`${id}-item`}
          name="item"
          list={`${id}-suggestions`}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setTerm(event.currentTarget.value)}
          onKeyDown={onEnter}
        />
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((s) => (
            <option key={s.itemnum} value={s.itemnum} label={`${s.itemnum} · ${s.name}`} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor={`${id}-quantity`}>{strings.quantity}</label>
        <input
          ref={quantity}
          id={`${id}-quantity`}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          defaultValue="1"
          onKeyDown={onEnter}
        />
      </div>
      {live && (
        <button type="button" className="button secondary" onClick={addLine}>
          {strings.addLine}
        </button>
      )}
    </div>
  );
}
