// The payment methods the shop offers (only what is configured) and the preselected one.
import { useEffect, useState } from 'react';
import { getPaymentMethods } from '#lib/checkout/client.ts';
import { reportFailure } from '#lib/shell/report.ts';
import type { PaymentMethodCode } from '#lib/checkout/contract.ts';

export type PaymentMethodsLoad =
  | { state: 'loading' } | { state: 'error' } | { state: 'ready'; methods: PaymentMethodCode[]; defaultMethod: PaymentMethodCode | null };

export function usePaymentMethods(reload = 0): PaymentMethodsLoad {
  const [load, setLoad] = useState<PaymentMethodsLoad>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    getPaymentMethods(controller.signal).then(
      (r) => setLoad({ state: 'ready', methods: r.methods.map((m) => m.id), defaultMethod: r.defaultMethod }),
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        reportFailure('checkout: payment methods could not be read', error);
        setLoad({ state: 'error' });
      },
    );
    return () => controller.abort();
  }, [reload]);
  return load;
}
