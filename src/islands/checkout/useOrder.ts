// Reads an order for the order pages (thank-you, pay): loading, the order, or not found.
import { useEffect, useState } from 'react';
import { getOrder, type Order } from '#lib/checkout/client.ts';
import { reportFailure } from '#lib/shell/report.ts';

export type OrderLoad = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; order: Order };

export function useOrder(orderId: string): OrderLoad {
  const [load, setLoad] = useState<OrderLoad>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getOrder(orderId, controller.signal).then((order) => setLoad({ state: 'ready', order }), (error: unknown) => {
      if ((error as Error).name === 'AbortError') return;
      reportFailure('checkout: order could not be read', error);
      setLoad({ state: 'missing' });
    });
    return () => controller.abort();
  }, [orderId]);
  return load;
}
