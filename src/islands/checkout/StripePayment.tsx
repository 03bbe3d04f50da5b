// Stripe's Payment Element (card, SEPA debit, Sofort): Stripe.js is loaded from the URL the server
// names (js.stripe.com in production, a loopback stand-in in tests) with a script tag, so card data
// goes from the browser to Stripe and never through our server. 'Pay now' confirms the payment;
// Stripe then leaves for returnUrl, or answers an error that is shown here.
import { useEffect, useId, useRef, useState } from 'react';
import type { PaymentAction } from '#lib/checkout/contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { reportFailure } from '#lib/shell/report.ts';
import type { RUNNER_KEYS, Strings } from './strings.ts';

type StripeAction = Extract<PaymentAction, { action: 'stripe' }>;
interface StripeElements {
  create(type: 'payment'): { mount(target: HTMLElement): void; destroy?(): void };
}
interface StripeClient {
  elements(options: { clientSecret: string; locale: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }): Promise<{ error?: { message?: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeClient;

const scripts = new Map<string, Promise<StripeFactory>>();

/** One script tag per URL, however often the form mounts. */
function loadStripe(url: string): Promise<StripeFactory> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<StripeFactory>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => {
        const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
        if (factory) resolve(factory);
        else reject(new Error('Stripe.js loaded without window.Stripe'));
      };
      script.onerror = () => reject(new Error(`Stripe.js could not be loaded from ${url}`));
      document.head.append(script);
    });
    loading.catch(() => scripts.delete(url));
    scripts.set(url, loading);
  }
  return loading;
}

export interface StripePaymentProps {
  action: StripeAction;
  locale: Locale;
  strings: Strings<(typeof RUNNER_KEYS)[number]>;
}

export function StripePayment({ action, locale, strings }: StripePaymentProps) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const client = useRef<{ stripe: StripeClient; elements: StripeElements } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed' | 'paying'>('loading');
  const [error, setError] = useState('');

  useEffect(() => {
    let active = true;
    let element: ReturnType<StripeElements['create']> | null = null;
    loadStripe(action.jsUrl)
      .then((Stripe) => {
        if (!active || !container.current) return;
        const stripe = Stripe(action.publishableKey);
        const elements = stripe.elements({ clientSecret: action.clientSecret, locale });
        element = elements.create('payment');
        element.mount(container.current);
        client.current = { stripe, elements };
        setState('ready');
      })
      .catch((failure: unknown) => {
        reportFailure('checkout: Stripe could not start', failure);
        if (active) setState('failed');
      });
    return () => {
      active = false;
      element?.destroy?.();
    };
  }, [action.jsUrl, action.publishableKey, action.clientSecret, locale]);

  async function pay() {
    if (!client.current || state === 'paying') return;
    setState('paying');
    setError('');
    try {
      const result = await client.current.stripe.confirmPayment({
        elements: client.current.elements,
        confirmParams: { return_url: action.returnUrl },
      });
      // Without an error Stripe is already leaving for returnUrl.
      if (result.error) {
        setError(result.error.message ?? strings['checkout.paymentError']);
        setState('ready');
      }
    } catch (failure) {
      reportFailure('checkout: Stripe confirmPayment failed', failure);
      setError(strings['checkout.paymentError']);
      setState('ready');
    }
  }

  return (
    <div className="stripe-payment">
      <h3 id={`${id}-title`}>{strings['checkout.paymentDetails']}</h3>
      <p role="status" className="checkout-status">
        {state === 'loading' ? strings['checkout.paymentLoading'] : ''}
      </p>
      {state === 'failed' && (
        <p className="form-error" role="alert">
          {strings['checkout.paymentFormError']}
        </p>
      )}
      <div ref={container} className="stripe-element" role="group" aria-labelledby={`${id}-title`} />
      <p className="form-error" role="alert">
        {error}
      </p>
      <button type="button" className="button primary" disabled={state !== 'ready'} onClick={() => void pay()}>
        {strings['checkout.payNow']}
      </button>
    </div>
  );
}
