// Why the payment step's order was not placed: the error's text and the items the shopper must
// change. Always rendered, empty until there is an error, so screen readers announce it when it fills.
import { fill } from '#lib/i18n/format.ts';
import type { OrderError, OrderErrorKey } from './order-error.ts';
import type { Strings } from './strings.ts';

export function OrderErrorAlert({ error, strings }: { error: OrderError | null; strings: Strings<OrderErrorKey> }) {
  return (
    <div className="form-error" role="alert">
      {error && <p>{fill(strings[error.key], error.values)}</p>}
      {error && error.items.length > 0 && (
        <ul>
          {error.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
