// Availability for the wanted quantity (rules and texts: docs/stock.md).
import { availabilityFor, availabilityMessageKey, type Availability } from '#lib/catalog/availability.ts';
import { $prices } from '#lib/catalog/prices-store.ts';
import { useClientStore } from '../shared/useClientStore.ts';

export type AvailabilityStrings = Record<`availability.${Availability | 'loading'}`, string>;

export function AvailabilityText({ sku, qty, strings }: { sku: string; qty: number; strings: AvailabilityStrings }) {
  const entry = useClientStore($prices, {})[sku];
  if (!entry || entry.state === 'loading') {
    return <p className="availability availability-loading" role="status">{strings['availability.loading']}</p>;
  }
  if (entry.state === 'not-loaded') return null;
  // Hidden prices hide availability too: the server sends no stock then.
  if (entry.stock === null && entry.priceInfo === null) return null;
  const state = availabilityFor(entry.stock, qty);
  return <p className={`availability availability-${state}`} role="status">{strings[availabilityMessageKey(state)]}</p>;
}
