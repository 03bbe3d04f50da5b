// The quick order's checked lines: what was typed, the item it names with the buyer's price and its
// availability, and whether it can be added or why not.
import type { QuickOrderLine } from '#lib/cart/quick-order.ts';
import type { ResolvedQuickLine } from '#lib/cart/bulk-client.ts';
import { displayPrices } from '#lib/catalog/price.ts';
import { availabilityFor, availabilityMessageKey } from '#lib/catalog/availability.ts';
import { cartErrorKey } from '#lib/cart/display.ts';
import { fill } from '#lib/i18n/format.ts';

export interface CheckedLine extends QuickOrderLine {
  /** The server's answer; null for a line refused here for its quantity. */
  resolved: ResolvedQuickLine | null;
}

export interface QuickOrderResultStrings {
  results: string;
  line: string;
  reference: string;
  item: string;
  price: string;
  status: string;
  ready: string;
  badQuantity: string;
  unknown: string;
  itemNo: string;
  yourItemNo: string;
  free: string;
  /** availability.* messages by key. */
  availability: Record<string, string>;
  /** cart.error.* and server.NETWORK_ERROR messages by key. */
  errors: Record<string, string>;
}

type ItemUnit = NonNullable<ResolvedQuickLine['item']>['unit'];

interface Props {
  lines: CheckedLine[];
  intlLocale: string;
  maxQuantity: number;
  strings: QuickOrderResultStrings;
  /** What one ordered quantity is and the quantity rule, in words ("per pack of 100 pieces · Minimum order 2 packs"). */
  unitText?: ((unit: ItemUnit) => string | null) | undefined;
}

function status(
  { quantity, quantityText, resolved }: CheckedLine,
  max: number,
  strings: QuickOrderResultStrings,
): { ok: boolean; text: string } {
  if (quantity === null) return { ok: false, text: fill(strings.badQuantity, { quantity: quantityText, max }) };
  if (!resolved?.item) return { ok: false, text: strings.unknown };
  if (resolved.error) return { ok: false, text: strings.errors[cartErrorKey(resolved.error)] ?? resolved.error };
  return { ok: true, text: strings.ready };
}

export function QuickOrderResults({ lines, intlLocale, maxQuantity, strings, unitText }: Props) {
  return (
    <div className="order-list-wrap">
      <table className="order-list quick-order-results">
        <caption className="visually-hidden">{strings.results}</caption>
        <thead>
          <tr>
            <th scope="col">{strings.line}</th>
            <th scope="col">{strings.reference}</th>
            <th scope="col">{strings.item}</th>
            <th scope="col" className="order-total">
              {strings.price}
            </th>
            <th scope="col">{strings.status}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const item = line.resolved?.item;
            const prices = item?.priceInfo
              ? displayPrices(item.priceInfo, { locale: intlLocale, freeLabel: strings.free })
              : null;
            const { ok, text } = status(line, maxQuantity, strings);
            return (
              <tr key={line.line} className={ok ? 'quick-order-ok' : 'quick-order-error'}>
                <td data-label={strings.line}>{line.line}</td>
                <td data-label={strings.reference}>{`${line.ref} × ${line.quantityText || 1}`}</td>
                <td data-label={strings.item}>
                  {item ? (
                    <div>
                      {item.name}
                      <span className="my-items-itemnum">
                        {`${strings.itemNo} ${item.itemnum}`}
                        {item.customerItemNumber && ` · ${strings.yourItemNo} ${item.customerItemNumber}`}
                      </span>
                      {unitText?.(item.unit) && <span className="quick-order-unit">{unitText(item.unit)}</span>}
                      <span className="my-items-stock">
                        {strings.availability[availabilityMessageKey(availabilityFor(item.stock, line.quantity ?? 1))]}
                      </span>
                    </div>
                  ) : (
                    '–'
                  )}
                </td>
                <td className="order-total" data-label={strings.price}>
                  {prices ? (prices.displaySpecial ?? prices.displayRegular) : '–'}
                </td>
                <td data-label={strings.status}>{text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
