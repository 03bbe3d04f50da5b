// Quick order: item numbers and quantities typed or pasted (one per line, or rows from a spreadsheet
// or a CSV), checked line by line before anything is added: each line shows the item with the
// buyer's price and availability, or why it cannot be ordered (unknown number, not orderable, a bad
// quantity). "Add to cart" then adds every good line in one request; the server checks them again.
import { useId, useState, type FormEvent } from 'react';
import { parseQuickOrder, type QuickOrderLine } from '#lib/cart/quick-order.ts';
import { addLines, resolveLines, type ResolvedQuickLine } from '#lib/cart/bulk-client.ts';
import { MAX_BULK_LINES, MAX_QUANTITY } from '#lib/cart/rules.ts';
import { fill, plural } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { MyItemsResult, type BulkResult } from './MyItemsResult.tsx';
import { QuickOrderResults, type CheckedLine, type QuickOrderResultStrings } from './QuickOrderResults.tsx';

export interface QuickOrderProps {
  locale: Locale;
  intlLocale: string;
  strings: QuickOrderResultStrings & {
    title: string;
    label: string;
    hint: string;
    check: string;
    empty: string;
    dropped: string;
    noneValid: string;
    addValid: { one: string; other: string };
    refused: string;
    added: { one: string; other: string };
  };
}

/** A line whose quantity is bad is answered here; the others by the server. */
function checked(parsed: QuickOrderLine[], resolved: ResolvedQuickLine[]): CheckedLine[] {
  let next = 0;
  return parsed.map((line) =>
    line.quantity === null ? { ...line, resolved: null } : { ...line, resolved: resolved[next++] ?? null },
  );
}

export function QuickOrder({ locale, intlLocale, strings }: QuickOrderProps) {
  const id = useId();
  const [lines, setLines] = useState<CheckedLine[] | null>(null);
  const [note, setNote] = useState('');
  const [result, setResult] = useState<BulkResult | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = (lines ?? []).filter((line) => line.resolved?.item && line.resolved.error === null);

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const { lines: parsed, dropped } = parseQuickOrder(String(new FormData(event.currentTarget).get('lines') ?? ''));
    setNote(parsed.length === 0 ? strings.empty : dropped > 0 ? fill(strings.dropped, { max: MAX_BULK_LINES }) : '');
    if (parsed.length === 0) return setLines(null);
    const asked = parsed.flatMap((line) =>
      line.quantity === null ? [] : [{ ref: line.ref, quantity: line.quantity }],
    );
    setBusy(true);
    const answer = asked.length > 0 ? await resolveLines(asked, locale) : [];
    setBusy(false);
    if (!Array.isArray(answer))
      return setResult({ kind: 'message', text: strings.errors[answer.code] ?? strings.errors.generic ?? '' });
    setLines(checked(parsed, answer));
  }

  async function add() {
    setBusy(true);
    const outcome = await addLines(
      ready.map((line) => ({ sku: line.resolved!.item!.sku, quantity: line.quantity! })),
      locale,
    );
    setBusy(false);
    setResult(
      outcome.ok
        ? { kind: 'added', ...outcome }
        : { kind: 'message', text: strings.errors[outcome.code] ?? strings.errors.generic ?? '' },
    );
  }

  return (
    <section className="quick-order" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{strings.title}</h2>
      <form method="post" onSubmit={(e) => void check(e)}>
        <div className="field">
          <label htmlFor={`${id}-lines`}>{strings.label}</label>
          <p id={`${id}-hint`} className="field-hint">
            {strings.hint}
          </p>
          <textarea
            id={`${id}-lines`}
            name="lines"
            rows={6}
            aria-describedby={`${id}-hint`}
            spellCheck={false}
            placeholder={'10003-01  5\n10004-01  2'}
          />
        </div>
        <button type="submit" className="button secondary" disabled={busy}>
          {strings.check}
        </button>
      </form>
      <div role="status">{note && <p className="quick-order-note">{note}</p>}</div>
      {lines && (
        <>
          <QuickOrderResults lines={lines} intlLocale={intlLocale} maxQuantity={MAX_QUANTITY} strings={strings} />
          {ready.length > 0 ? (
            <button type="button" className="button primary" disabled={busy} onClick={() => void add()}>
              {plural(intlLocale, ready.length, strings.addValid)}
            </button>
          ) : (
            <p>{strings.noneValid}</p>
          )}
        </>
      )}
      <MyItemsResult
        result={result}
        rows={ready.map((line) => line.resolved!.item!)}
        strings={strings}
        intlLocale={intlLocale}
      />
    </section>
  );
}
