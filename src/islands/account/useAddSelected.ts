// Adding My Items' selected rows (or the one row whose button was pressed) to the cart in one
// request through the cart store, and what came of it. Apart from MyItemsTable.tsx, which lays the
// rows out; without JavaScript the same form posts to /cart/add.
import { useState, type FormEvent } from 'react';
import { addLines } from '#lib/cart/bulk-client.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { BulkResult } from './MyItemsResult.tsx';

interface AddSelectedOptions {
  locale: Locale;
  /** Called once the lines are in the cart: the selection is done. */
  onAdded: () => void;
  strings: { noneSelected: string; errors: Record<string, string> };
}

export function useAddSelected({ locale, onAdded, strings }: AddSelectedOptions) {
  const [result, setResult] = useState<BulkResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const skus = submitter?.name === 'only' ? [submitter.value] : form.getAll('sku').map(String);
    if (skus.length === 0) return setResult({ kind: 'message', text: strings.noneSelected });
    setBusy(true);
    const outcome = await addLines(
      skus.map((sku) => ({ sku, quantity: Number(form.get(`quantity-${sku}`)) })),
      locale,
    );
    setBusy(false);
    if (outcome.ok) onAdded();
    setResult(
      outcome.ok
        ? { kind: 'added', ...outcome }
        : { kind: 'message', text: strings.errors[outcome.code] ?? strings.errors.generic ?? '' },
    );
  }

  return { result, busy, submit };
}
