// What "Add to cart" on My Items did, in the page's live region: how many items went into the cart,
// and each refused one by name with the cart's reason (not available, no longer sold, cart full).
import { plural } from '#lib/i18n/format.ts';
import { cartErrorKey } from '#lib/cart/display.ts';
import type { LineRefusal } from '#lib/cart/bulk-client.ts';

export type BulkResult = { kind: 'added'; added: number; refused: LineRefusal[] } | { kind: 'message'; text: string };

interface Props {
  result: BulkResult | null;
  rows: { sku: string; name: string }[];
  intlLocale: string;
  strings: { refused: string; added: { one: string; other: string }; errors: Record<string, string> };
}

export function MyItemsResult({ result, rows, intlLocale, strings }: Props) {
  const nameOf = (sku: string) => rows.find((row) => row.sku.toLowerCase() === sku.toLowerCase())?.name ?? sku;
  return (
    <div className="my-items-result" role="status">
      {result?.kind === 'message' && <p>{result.text}</p>}
      {result?.kind === 'added' && (
        <>
          {result.added > 0 && <p>{plural(intlLocale, result.added, strings.added)}</p>}
          {result.refused.length > 0 && (
            <>
              <p>{strings.refused}</p>
              <ul>
                {result.refused.map((line) => (
                  <li
                    key={line.sku}
                  >{`${nameOf(line.sku)}: ${strings.errors[cartErrorKey(line.code)] ?? line.code}`}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
