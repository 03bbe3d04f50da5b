// Availability for the wanted quantity (rules and texts: docs/stock.md).
import { availabilityMessageKey, entryAvailability, type Availability } from '#lib/catalog/availability.ts';
import { usePriceEntry } from './usePriceEntry.ts';

export type AvailabilityStrings = Record<`availability.${Availability | 'loading'}`, string>;

export function AvailabilityText({
  sku,
  qty,
  strings,
  id,
}: {
  sku: string;
  qty: number;
  strings: AvailabilityStrings;
  id?: string;
}) {
  const entry = usePriceEntry(sku);
  if (!entry || entry.state === 'loading') {
    return (
      <p id={id} className="availability availability-loading" role="status">
        {strings['availability.loading']}
      </p>
    );
  }
  if (entry.state === 'not-loaded') return null;
  const state = entryAvailability(entry, qty);
  if (state === null) return null;
  return (
    <p id={id} className={`availability availability-${state}`} role="status">
      {strings[availabilityMessageKey(state)]}
    </p>
  );
}
