// The fake's Stripe.js stand-in, run in a VM with a minimal DOM: the calls the checkout island makes
// (elements, Payment Element, confirmPayment) must reach the fake and end as real Stripe.js ends them.
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server.ts';
import { stripeGateway } from '#lib/server/payments/stripe.ts';

/** Just enough of a DOM element for the stand-in to render into and for a test to find fields by label. */
class FakeElement {
  readonly tagName: string;
  children: FakeElement[] = [];
  attributes: Record<string, string> = {};
  listeners: Record<string, (() => void)[]> = {};
  textContent = '';
  value = '';
  id = '';
  htmlFor = '';
  type = '';
  constructor(tagName: string) {
    this.tagName = tagName;
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  appendChild(child: FakeElement) {
    this.children.push(child);
    return child;
  }
  replaceChildren(...children: FakeElement[]) {
    this.children = children;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  focus() {}
  *all(): Generator<FakeElement> {
    for (const child of this.children) {
      yield child;
      yield* child.all();
    }
  }
}

interface Page {
  container: FakeElement;
  redirect: Promise<string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's Stripe.js global, driven as a browser script would
  Stripe: (key: string) => any;
}

let fake: FakeStripe;
let source: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  const res = await fetch(fake.jsUrl);
  expect(res.headers.get('content-type')).toContain('javascript');
  source = await res.text();
});

afterAll(() => fake.stop());

function page(language = 'en-GB'): Page {
  const container = new FakeElement('div');
  let assign!: (url: string) => void;
  const redirect = new Promise<string>((resolve) => (assign = resolve));
  const sandbox = {
    window: {} as { Stripe?: Page['Stripe'] },
    document: {
      createElement: (tag: string) => new FakeElement(tag),
      querySelector: (s: string) => (s === '#payment-element' ? container : null),
    },
    location: { href: 'http://shop.test/checkout/payment', assign },
    navigator: { language },
    fetch,
    URL,
  };
  runInNewContext(source, sandbox);
  return { container, redirect, Stripe: sandbox.window.Stripe! };
}

function fieldByLabel(container: FakeElement, label: string): FakeElement {
  const all = [...container.all()];
  const labelElement = all.find((e) => e.tagName === 'label' && e.textContent === label);
  const input = all.find((e) => e.tagName === 'input' && labelElement && e.id === labelElement.htmlFor);
  if (!input)
    throw new Error(
      `no field labelled ${label}; labels: ${all
        .filter((e) => e.tagName === 'label')
        .map((e) => e.textContent)
        .join(', ')}`,
    );
  return input;
}

async function mounted(p: Page, clientSecret: string, locale?: string) {
  const stripe = p.Stripe(fake.publishableKey);
  const elements = stripe.elements({ clientSecret, locale, appearance: { theme: 'stripe' } });
  const element = elements.create('payment');
  const ready = new Promise((resolve) => element.on('ready', resolve));
  element.mount('#payment-element');
  await ready;
  return { stripe, elements };
}

const gateway = () => stripeGateway({ secretKey: fake.secretKey, apiBase: fake.url });
const intentInput = (method: 'card' | 'sepa_debit') => ({
  orderId: 'order-1',
  transactionnum: '100001',
  amountCents: 49_90,
  currency: 'EUR',
  method,
  email: 'a@example.com',
  idempotencyKey: `js-${Math.random()}`,
});

describe('fake Stripe.js', () => {
  test('a card payment with labelled fields in the shop language redirects to return_url with the intent and status', async () => {
    const intent = await gateway().createIntent(intentInput('card'));
    const p = page();
    const { stripe, elements } = await mounted(p, intent.clientSecret!, 'de');
    fieldByLabel(p.container, 'Kartennummer').value = '4242 4242 4242 4242';
    fieldByLabel(p.container, 'Ablaufdatum').value = '12 / 34';
    fieldByLabel(p.container, 'Sicherheitscode').value = '123';

    void stripe.confirmPayment({
      elements,
      confirmParams: { return_url: 'http://shop.test/checkout/checkout-processing?order=order-1' },
    });
    const target = new URL(await p.redirect);

    expect(target.pathname).toBe('/checkout/checkout-processing');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      order: 'order-1',
      payment_intent: intent.id,
      payment_intent_client_secret: intent.clientSecret,
      redirect_status: 'succeeded',
    });
    expect(fake.intents.get(intent.id)?.status).toBe('succeeded');
    const confirm = fake.requests.findLast((r) => r.path.endsWith('/confirm'));
    expect(confirm).toMatchObject({
      auth: 'publishable',
      params: { payment_method_data: { type: 'card', card: { number: '4242424242424242' } } },
    });
  });

  test('a declined card resolves { error } and stays on the page', async () => {
    const intent = await gateway().createIntent(intentInput('card'));
    const p = page();
    const { stripe, elements } = await mounted(p, intent.clientSecret!);
    fieldByLabel(p.container, 'Card number').value = '4000000000000002';
    fieldByLabel(p.container, 'Expiration date').value = '12/34';
    fieldByLabel(p.container, 'Security code').value = '123';

    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: 'http://shop.test/back' } });

    expect(result.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(await Promise.race([p.redirect, new Promise((r) => setTimeout(() => r('no redirect'), 50))])).toBe(
      'no redirect',
    );
  });

  test('an incomplete form is a validation_error that never reaches Stripe', async () => {
    const intent = await gateway().createIntent(intentInput('card'));
    const p = page();
    const { stripe, elements } = await mounted(p, intent.clientSecret!);
    const before = fake.requests.length;

    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: 'http://shop.test/back' } });

    expect(result.error).toMatchObject({ type: 'validation_error', message: 'Your card number is incomplete.' });
    expect(fake.requests.length).toBe(before);
    expect([...p.container.all()].find((e) => e.attributes.role === 'alert')?.textContent).toBe(
      'Your card number is incomplete.',
    );
  });

  test('a SEPA debit asks for name and IBAN, then redirects while the debit is processing', async () => {
    const intent = await gateway().createIntent(intentInput('sepa_debit'));
    const p = page('en-US');
    const { stripe, elements } = await mounted(p, intent.clientSecret!);
    fieldByLabel(p.container, 'Full name').value = 'Erika Mustermann';
    fieldByLabel(p.container, 'IBAN').value = 'DE89 3704 0044 0532 0130 00';

    void stripe.confirmPayment({ elements, confirmParams: { return_url: 'http://shop.test/back' } });
    const target = new URL(await p.redirect);

    expect(target.searchParams.get('redirect_status')).toBe('succeeded');
    expect(fake.intents.get(intent.id)?.status).toBe('processing');
  });

  test('the stand-in cannot read or confirm an intent without its client secret', async () => {
    const intent = await gateway().createIntent(intentInput('card'));
    const p = page();
    const result = await p.Stripe(fake.publishableKey).retrievePaymentIntent(`${intent.id}_secret_wrong`);
    expect(result.error).toMatchObject({ type: 'invalid_request_error' });
    const own = await p.Stripe(fake.publishableKey).retrievePaymentIntent(intent.clientSecret);
    expect(own.paymentIntent).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
  });
});
